import type { ESLint } from 'eslint';

/** The app's features folder and the feature a file belongs to, or null outside features. */
export function featureOf(file: string): { root: string; feature: string } | null;

declare const plugin: ESLint.Plugin;
export default plugin;
