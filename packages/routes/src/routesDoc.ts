import { ROUTES, type AppName } from './index';

const APP_DIRS: Record<AppName, string> = {
  shell: 'shell',
  finance: 'mfe-finance',
  crm: 'mfe-crm',
  stock: 'mfe-stock',
  purchasing: 'mfe-purchasing',
};

const BUILT = new Set(['/', '/entrar', '/reset-senha', '/inicio', '/perfil', '/clientes', '/cliente', '/hub', '/hub/despachos', '/hub/despachos/aprovacoes']);

/** docs/routes.md, generated from the route table so the two cannot drift (a unit test compares them). */
export function renderRoutesDoc(): string {
  const lines = [
    '# Routes → apps',
    '',
    'Generated from `packages/routes/src/index.ts` by `node scripts/web-routes-doc.mjs`; a unit test fails when',
    'this file and the table differ. "Layout: no" routes render without the header and menu. "Em construção"',
    'pages say so explicitly and show no data; later issues build them. Detail pages take their identifier as a',
    'query parameter (`/cliente?id=…`).',
    '',
    '| Route | App | Layout | Title | State |',
    '|---|---|---|---|---|',
    ...ROUTES.map(
      (r) => `| \`${r.path}\` | ${APP_DIRS[r.app]} | ${r.layout ? 'yes' : 'no'} | ${r.title} | ${BUILT.has(r.path) ? 'built' : 'Em construção'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
