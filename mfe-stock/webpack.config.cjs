const { remoteConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => remoteConfig({ appDir: __dirname, name: 'mfe_stock', mode: argv.mode || 'production' });
