import { reportDispatchCheck } from './audit';
import type { GuardUser } from './guardRules';
import { decideHub, dispatchAreaOf, dispatchAuditContent, DENIED_DIALOG_MS, hasDispatchPermission } from './hubRules';

const user = (flags: Partial<NonNullable<GuardUser['role_id']>> | null, access_hub = true): GuardUser => ({
  role: 'FINANCIAL_ASSISTANT',
  role_id: flags === null ? null : { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false, ...flags },
  access_hub,
  is_password_updated: true,
});

describe('hub rules', () => {
  it('needs access_hub to enter the hub', () => {
    expect(decideHub('/hub', user({}, false))).toEqual({ kind: 'no-hub-access', redirectTo: '/inicio' });
    expect(decideHub('/hub', user({}, true))).toEqual({ kind: 'allow', dispatchArea: null });
  });
  it('the dispatch area needs can_see_dispatch', () => {
    expect(decideHub('/hub/despachos', user({ can_see_dispatch: true }))).toEqual({ kind: 'allow', dispatchArea: 'dispatch' });
    expect(decideHub('/hub/despachos', user({}))).toEqual({ kind: 'dispatch-denied', dispatchArea: 'dispatch', redirectTo: '/hub' });
  });
  it('approval needs can_approval_dispatch (seeing dispatches is not enough)', () => {
    expect(decideHub('/hub/despachos/aprovacoes', user({ can_see_dispatch: true }))).toEqual({
      kind: 'dispatch-denied',
      dispatchArea: 'approval',
      redirectTo: '/hub',
    });
    expect(decideHub('/hub/despachos/aprovacoes', user({ can_see_dispatch: true, can_approval_dispatch: true }))).toEqual({
      kind: 'allow',
      dispatchArea: 'approval',
    });
  });
  it('a missing role means no permission', () => {
    expect(hasDispatchPermission(user(null), 'dispatch')).toBe(false);
    expect(hasDispatchPermission(user(null), 'approval')).toBe(false);
  });
  it('classifies dispatch paths', () => {
    expect(dispatchAreaOf('/hub')).toBeNull();
    expect(dispatchAreaOf('/hub/despachos')).toBe('dispatch');
    expect(dispatchAreaOf('/hub/despachos/aprovacoes')).toBe('approval');
  });
  it('shows the denial dialog for 4000 ms', () => {
    expect(DENIED_DIALOG_MS).toBe(4000);
  });
});

describe('dispatch audit', () => {
  it('reports the route attempted and whether it was allowed', async () => {
    const send = vi.fn().mockResolvedValue({ id: '1' });
    await reportDispatchCheck('/hub/despachos', false, send);
    expect(send).toHaveBeenCalledWith(dispatchAuditContent('/hub/despachos'), false);
    expect(dispatchAuditContent('/hub/despachos')).toContain('/hub/despachos');
  });
  it('a failed report is logged and does not throw', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(reportDispatchCheck('/hub/despachos', true, send)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
  });
});
