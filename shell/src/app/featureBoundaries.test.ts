/**
 * The lint rules of "one shape for a web feature" (eslint.config.mjs, eslint/featureBoundaries.mjs), run
 * through ESLint's API with the repository's real configuration on snippets placed in the tree.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { featureOf } from '../../../eslint/featureBoundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint loads typescript-eslint: seconds when the machine is busy.
describe('features do not import one another', { timeout: 30_000 }, () => {
  it('knows which feature a file is in', () => {
    expect(featureOf('/r/shell/src/features/profile/components/ProfilePage.tsx')).toEqual({ root: '/r/shell/src/features', feature: 'profile' });
    expect(featureOf('/r/mfe-crm/src/features/clients/api/clientModel.ts')?.feature).toBe('clients');
    expect(featureOf('/r/shell/src/app/AppFrame.tsx')).toBeNull();
  });

  it('refuses an import, a re-export and a dynamic import of another feature', async () => {
    const found = await problems(
      'shell/src/features/profile/components/Example.tsx',
      [
        "import { Layout } from '../../layout/components/Layout';",
        "export { markedRead } from '../../notifications/api/notificationsApi';",
        "export const page = () => import('../../sign-in/components/SignInPage');",
        'export { Layout };',
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.stringMatching(/^features\/no-cross-feature-imports: '\.\.\/\.\.\/layout\/components\/Layout' is in the feature 'layout'/),
      expect.stringMatching(/^features\/no-cross-feature-imports: .* is in the feature 'notifications'/),
      expect.stringMatching(/^features\/no-cross-feature-imports: .* is in the feature 'sign-in'/),
    ]);
  });

  it('in a remote too', async () => {
    const found = await problems('mfe-crm/src/features/clients/components/Example.tsx', "export { x } from '../../orders/api/orders';\n");
    expect(found).toEqual([expect.stringContaining("is in the feature 'orders'")]);
  });

  it('allows the own feature, the app, the lib and the packages', async () => {
    const found = await problems(
      'shell/src/features/profile/components/Example.tsx',
      [
        "export { useThing } from '../hooks/useThing';",
        "export { roleLabel } from '../../../lib/roles';",
        "export { useNotify } from '@backoffice/ui';",
      ].join('\n'),
    );
    expect(found).toEqual([]);
    // The app composes features.
    expect(await problems('shell/src/app/Example.tsx', "export { Layout } from '../features/layout/components/Layout';\n")).toEqual([]);
  });
});

describe('apps reach the generated client only through @backoffice/api-client/endpoints and /schemas', { timeout: 30_000 }, () => {
  it('refuses a generated path', async () => {
    const found = await problems('shell/src/features/notifications/api/Example.ts', "export { listNotifications } from '@backoffice/api-client/src/generated/system/system';\n");
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*Import the generated calls, hooks and models from '@backoffice\/api-client\/endpoints'/)]);
    expect(await problems('mfe-crm/src/Example.ts', "export type { Client } from '@backoffice/api-client/src/generated/model';\n")).toHaveLength(1);
  });
  it("only the shell imports '@backoffice/ui/host' (a remote would carry a second Mantine)", async () => {
    const remote = await problems('mfe-crm/src/Example.ts', "export { Button } from '@backoffice/ui/host';\n");
    expect(remote).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only the shell imports '@backoffice\/ui\/host'/)]);
    expect(await problems('shell/src/app/Example.ts', "export { Button } from '@backoffice/ui/host';\n")).toEqual([]);
  });
  it('the api-client itself may', async () => {
    expect(await problems('packages/api-client/src/Example.ts', "export * from './generated/crm/crm';\n")).toEqual([]);
  });
});
