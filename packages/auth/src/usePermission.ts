import { holds } from './accessRules';
import { useSession } from './session';

/**
 * Whether the signed-in user holds the permission `code` (generated/access.ts): pages use it to offer only
 * the actions the role may perform. The server enforces the same permission on the endpoint.
 */
export function usePermission(code: string): boolean {
  const { user } = useSession();
  return user !== null && holds(user, code);
}
