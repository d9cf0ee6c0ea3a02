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
 * Adds <link rel="preload"> for the chunks the shell needs before its first render: the `./bootstrap` chunk
 * group and the fallback chunks of the shared libraries it consumes. Without this the browser discovers them
 * only after main.js has run, one round trip later.
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const files = new Set();
        const seen = new Set();
        // Shared fallbacks can consume further shared modules (react-dom/client → react-dom): follow them.
        const addGroup = (group) => {
          if (!group || seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) {
            chunk.files.forEach((f) => f.endsWith('.js') && files.add(f));
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              for (const block of module.blocks) addGroup(compilation.chunkGraph.getBlockChunkGroup(block));
            }
          }
        };
        addGroup(compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === './bootstrap')));
        const publicPath = compilation.outputOptions.publicPath;
        for (const file of files) {
          data.headTags.push({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupChunksPlugin' }, attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` } });
        }
      });
    });
  }
}

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  const plugins = [
    new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
    new LatestBuildPlugin(),
    new PreloadStartupChunksPlugin(),
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
