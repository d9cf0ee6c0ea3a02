const { remoteConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => remoteConfig({ appDir: __dirname, name: 'mfe_purchasing', mode: argv.mode || 'production' });
