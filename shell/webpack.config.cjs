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
 * group and the chunks of the shared libraries it consumes (their scripts and CSS). Without this the browser
 * discovers them only after main.js has run, one round trip later. A shared library the shell provides is
 * loaded through the provider's factory, not the consumer's fallback (webpack may put the same modules in two
 * chunks, one per side: preloading the fallback's would fetch a file that is never used).
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const { chunkGraph } = compilation;
        const provided = new Map();
        for (const module of compilation.modules) if (module.type === 'provide-module') provided.set(module._name, module);
        const files = new Set();
        const seen = new Set();
        // Shared libraries can consume further shared libraries (react-dom/client → react-dom): follow them.
        const addGroup = (group) => {
          if (!group || seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              const source = provided.get(module.options.shareKey) ?? module;
              for (const block of source.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
            }
          }
        };
        addGroup(compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === './bootstrap')));
        const publicPath = compilation.outputOptions.publicPath;
        for (const file of files) {
          const as = file.endsWith('.css') ? 'style' : 'script';
          data.headTags.push({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupChunksPlugin' }, attributes: { rel: 'preload', as, href: `${publicPath}${file}` } });
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
