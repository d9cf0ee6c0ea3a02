import { reportDispatchAccess } from '@backoffice/api-client/endpoints';
import { dispatchAuditContent } from './hubRules';

/** Every dispatch access check is reported, allowed or denied. A failed report is logged and changes nothing. */
export async function reportDispatchCheck(
  pathname: string,
  hasPermission: boolean,
  send: typeof reportDispatchAccess = reportDispatchAccess,
): Promise<void> {
  try {
    await send(dispatchAuditContent(pathname), hasPermission);
  } catch (error) {
    console.error('Falha ao registrar a tentativa de acesso ao despacho.', error);
  }
}
