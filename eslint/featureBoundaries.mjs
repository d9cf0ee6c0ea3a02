/**
 * `features/no-cross-feature-imports`: a file under `<app>/src/features/X/` may not import from
 * `<app>/src/features/Y/` (static imports, re-exports and dynamic `import()`). Code two features share goes to
 * `packages/*` or to the app's `src/lib/`; composing features (a frame with the bell in it) happens in the
 * app's `src/app/`. A local rule: the check is a path comparison, no resolver or plugin needed.
 */
import path from 'node:path';

const FEATURE_FILE = /^(.*[\\/](?:shell|mfe-[^\\/]+)[\\/]src[\\/]features)[\\/]([^\\/]+)[\\/]/;

/** The app's features folder and the feature a file belongs to, or null outside features. */
export function featureOf(file) {
  const match = FEATURE_FILE.exec(file);
  return match ? { root: match[1], feature: match[2] } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid importing one feature from another (shared code goes to packages/* or src/lib)' },
    schema: [],
    messages: {
      crossFeature:
        "'{{source}}' is in the feature '{{target}}': features/{{feature}} may not import another feature. Move what both need to packages/* or src/lib, or compose them in src/app.",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const own = featureOf(file);
    if (!own) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const relative = path.relative(own.root, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return;
      const [feature] = relative.split(path.sep);
      if (feature && feature !== own.feature) {
        context.report({ node, messageId: 'crossFeature', data: { source, target: feature, feature: own.feature } });
      }
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default {
  meta: { name: 'backoffice-features' },
  rules: { 'no-cross-feature-imports': noCrossFeatureImports },
};
