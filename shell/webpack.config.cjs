const path = require('node:path');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { baseConfig } = require('../webpack.shared.cjs');

const buildId = process.env.BUILD_ID || new Date().toISOString().replace(/[-:.TZ]/g, '');
process.env.BUILD_ID = buildId;

/** builds/latest.json names the newest deployment; the running app compares it with its own build id. */
class LatestBuildPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LatestBuildPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LatestBuildPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const body = JSON.stringify({ id: buildId, timestamp: Date.now() });
        compilation.emitAsset('builds/latest.json', new webpack.sources.RawSource(body));
      });
    });
  }
}

/**
 * The files a chunk group needs: its chunks' scripts and CSS, and those of the shared libraries it consumes, from
 * the provider's side (a shared library the shell provides is loaded through the provider's factory, not the
 * consumer's fallback: webpack may put the same modules in two chunks, one per side, and the fallback's would be
 * a file that is never used). Shared libraries can consume further shared libraries (react-dom/client →
 * react-dom): they are followed.
 */
function filesOfGroup(compilation, group) {
  const { chunkGraph } = compilation;
  const provided = new Map();
  for (const module of compilation.modules) if (module.type === 'provide-module') provided.set(module._name, module);
  const files = new Set();
  const seen = new Set();
  const addGroup = (g) => {
    if (!g || seen.has(g)) return;
    seen.add(g);
    for (const chunk of g.chunks) {
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const source = provided.get(module.options.shareKey) ?? module;
        for (const block of source.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  addGroup(group);
  return [...files];
}

/**
 * Adds <link rel="preload"> for the chunks the shell needs before its first render: the `./bootstrap` chunk
 * group and the shared libraries it consumes. Without this the browser discovers them only after main.js has
 * run, one round trip later.
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const bootstrap = compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === './bootstrap'));
        const publicPath = compilation.outputOptions.publicPath;
        for (const file of filesOfGroup(compilation, bootstrap)) {
          const as = file.endsWith('.css') ? 'style' : 'script';
          data.headTags.push({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupChunksPlugin' }, attributes: { rel: 'preload', as, href: `${publicPath}${file}` } });
        }
      });
    });
  }
}

/**
 * Writes into index.html (`<script type="application/json" id="route-files">`) the files of each lazy shell page
 * and of the frame, by chunk name: route preloading fetches those files into the cache instead of importing the
 * modules, so the next pages cost the page on screen no parsing and no running (shell/src/pwa/routeFiles.ts).
 */
class RouteFilesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('RouteFilesPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('RouteFilesPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const routes = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!ROUTE_CHUNKS.includes(name)) continue;
          routes[name] = filesOfGroup(compilation, group).map((file) => `${publicPath}${file}`);
        }
        // JSON inside <script>: `<` escaped so that no file name can close the tag.
        const json = JSON.stringify(routes).replace(/</g, '\\u003c');
        data.headTags.push({ tagName: 'script', voidTag: false, meta: { plugin: 'RouteFilesPlugin' }, attributes: { type: 'application/json', id: 'route-files' }, innerHTML: json });
      });
    });
  }
}

/** The lazy chunks route preloading fetches (their webpackChunkName in src/app/AppRoutes.tsx). */
const ROUTE_CHUNKS = ['frame', 'home', 'profile', 'reset-password', 'admin-users', 'admin-audit', 'admin-jobs', 'admin-holidays'];

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  const plugins = [
    new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
    new LatestBuildPlugin(),
    new PreloadStartupChunksPlugin(),
    new RouteFilesPlugin(),
  ];
  if (mode === 'production') {
    plugins.push(
      new InjectManifest({
        swSrc: path.join(__dirname, 'sw', 'sw.ts'),
        swDest: 'sw.js',
        // Hashed chunks only; index.html, remoteEntry.js and runtime-config.json are network-first at run time.
        include: [/\.[0-9a-f]{8}\.js$/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      }),
    );
  }
  const config = baseConfig({
    appDir: __dirname,
    name: 'shell',
    mode,
    publicPath: '/',
    title: 'Backoffice',
    plugins,
    federation: { remotes: {} },
  });
  config.devServer = {
    port: 3000,
    historyApiFallback: true,
    static: { directory: path.join(__dirname, 'public') },
    proxy: [{ context: ['/remotes'], target: 'http://localhost:3001' }],
  };
  return config;
};
