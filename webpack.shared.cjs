/**
 * The webpack configuration every app shares: TypeScript through esbuild-loader, CSS, hashed chunks and
 * Module Federation with the shared singletons. Each app's webpack.config.cjs adds only what is its own.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { ModuleFederationPlugin } = webpack.container;
const rootPkg = require('./package.json');

const workspaceVersion = (name) => require(`./packages/${name}/package.json`).version;

/**
 * Shared singletons. `react-dom/` (with the slash) also shares `react-dom/client`; `react/` shares
 * `react/jsx-runtime`. The api-client is shared because it holds the session hooks the auth package
 * registers: a second copy in a remote would send requests without the bearer token. Mantine and react-router
 * hold React contexts (theme, modals, dates settings, the router) and stores (notifications) that only work as
 * one instance, but a shared module is bundled whole (all of Mantine, react-router's data routers): so they are
 * not shared on their own; the apps import them from `@backoffice/ui` (its generated facades mantine.ts and
 * router.ts, scripts/web-mantine-facade.mjs; eslint forbids `@mantine/*` and `react-router` elsewhere), which is
 * shared, and webpack bundles inside it only the components and hooks in use. A remote that starts using a new
 * Mantine component needs the shell rebuilt with it (the shell provides `@backoffice/ui`). dayjs is shared
 * (its locale and zone are set once), react-hook-form (its form context) and zod (schemas generated into the
 * shared api-client are checked by a remote's resolver) too. Never eager: every app starts through
 * `import('./bootstrap')`.
 */
const SHARED = {
  react: { singleton: true, requiredVersion: rootPkg.dependencies.react },
  'react/': { singleton: true, requiredVersion: rootPkg.dependencies.react },
  'react-dom': { singleton: true, requiredVersion: rootPkg.dependencies['react-dom'] },
  'react-dom/': { singleton: true, requiredVersion: rootPkg.dependencies['react-dom'] },
  '@tanstack/react-query': { singleton: true, requiredVersion: rootPkg.dependencies['@tanstack/react-query'] },
  'react-hook-form': { singleton: true, requiredVersion: rootPkg.dependencies['react-hook-form'] },
  zod: { singleton: true, requiredVersion: rootPkg.dependencies.zod },
  dayjs: { singleton: true, requiredVersion: rootPkg.dependencies.dayjs },
  '@backoffice/api-client': { singleton: true, requiredVersion: workspaceVersion('api-client') },
  '@backoffice/auth': { singleton: true, requiredVersion: workspaceVersion('auth') },
  '@backoffice/ui': { singleton: true, requiredVersion: workspaceVersion('ui') },
};

function baseConfig({ appDir, name, mode, publicPath, federation, plugins = [], title }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      publicPath,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      uniqueName: `backoffice_${name}`,
      clean: true,
    },
    experiments: { css: true },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        { test: /\.[cm]?tsx?$/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        // CSS stays CSS: webpack's own CSS support writes it to .css files, loaded with <link> alongside the
        // chunk that imports it, instead of style-loader turning it into JavaScript that injects <style> tags.
        { test: /\.css$/, type: 'css/global' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({ name, shared: SHARED, ...federation }),
      new HtmlWebpackPlugin({
        template: path.join(appDir, 'public', 'index.html'),
        title,
        chunks: ['main'],
        scriptLoading: 'defer',
      }),
      new webpack.DefinePlugin({ __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || String(Date.now())) }),
      ...plugins,
    ],
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    stats: 'errors-warnings',
  };
}

const API_PATHS = ['/api', '/fcm-subscriptions', '/dispatch'];
const DEV_PORTS = { mfe_finance: 3011, mfe_crm: 3012, mfe_stock: 3013, mfe_purchasing: 3014 };

/** A remote: exposes its page map; publicPath `auto` so it works at /remotes/<name>/ or anywhere else. */
function remoteConfig({ appDir, name, mode }) {
  const config = baseConfig({
    appDir,
    name,
    mode,
    publicPath: 'auto',
    title: `Backoffice — ${name}`,
    federation: { filename: 'remoteEntry.js', exposes: { './pages': './src/pages.tsx' } },
  });
  // Standalone development: the remote's own page harness, with the API proxied to the server on 3001.
  config.devServer = {
    port: DEV_PORTS[name],
    historyApiFallback: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: API_PATHS, target: 'http://localhost:3001' }],
  };
  return config;
}

module.exports = { baseConfig, remoteConfig, SHARED };
