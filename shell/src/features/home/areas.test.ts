import type { GuardUser } from '@backoffice/auth';
import { userMayOpen, visibleAreas } from './areas';

const noFlags = { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false };
const base: GuardUser = {
  role: 'SALESPERSON',
  role_id: noFlags,
  access_hub: false,
  is_password_updated: true,
};

describe('areas on /inicio', () => {
  it('hide payments from a salesperson and show clients', () => {
    expect(userMayOpen('/pagamentos', base)).toBe(false);
    expect(userMayOpen('/clientes', base)).toBe(true);
  });
  it('show the hub only with access_hub and dispatch only with its flag', () => {
    expect(visibleAreas(base).some((a) => a.name === 'Hub')).toBe(false);
    const hubUser = { ...base, access_hub: true, role_id: { ...noFlags, can_see_dispatch: true } };
    const hub = visibleAreas(hubUser).find((a) => a.name === 'Hub');
    expect(hub?.links.map((l) => l.path)).toEqual(['/hub', '/hub/despachos']);
  });
  it('show conciliation only with can_see_conciliation', () => {
    expect(userMayOpen('/conciliacao', { ...base, role: 'ADMIN' })).toBe(false);
    expect(userMayOpen('/conciliacao', { ...base, role_id: { ...noFlags, can_see_conciliation: true } })).toBe(true);
  });
});
