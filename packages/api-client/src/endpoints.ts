/**
 * `@backoffice/api-client/endpoints`: what the apps call, all from the orval output (`generated/`, from
 * openapi/openapi.json), every call through the one mutator (`customFetch`, from the shared runtime entry):
 * - every generated call under its operation name (`listClients(params)`, `getClientHistory(id)`,
 *   `markNotificationRead(id)`…) with its TanStack Query v5 hook (`useListClients(params)`,
 *   `useCreateClient()`…), query key (`getListClientsQueryKey(params)`) and query options;
 * - every model type (`Client`, `NotificationPage`…) and enum object (`Role`, `ClientKind`…);
 * - a few stable names the session code used before the generated client existed (`authSignIn`…, below).
 * Apps never import `@backoffice/api-client/src/generated/*` (eslint forbids it).
 */
import * as identity from './generated/identity/identity';

export * from './generated/model';
export * from './generated/crm/crm';
export * from './generated/finance/finance';
export * from './generated/identity/identity';
export * from './generated/sales/sales';
export * from './generated/stock/stock';
export * from './generated/system/system';

export type { SessionTokens as TokenResponse, RouteAccess as AccessDecision } from './generated/model';
export type { ClientAddress as Address } from './generated/model';
export type { NewClientRequest as ClientInput, ClientPatchRequest as ClientPatch } from './generated/model';
export type { ListClientsParams as ClientQuery } from './generated/model';

// Identity under the names the session code (packages/auth) uses: plain arguments instead of a request body.
export const authSignIn = (email: string, password: string) => identity.signIn({ email, password });
export const authRefresh = (refresh_token: string) => identity.refreshSession({ refresh_token });
/** Ends the server session of the bearer token, so it must be called before the token is discarded. */
export const authSignOut = () => identity.signOut();
export const authSendResetCode = (email: string) => identity.sendPasswordResetCode({ email });
export const authConfirmReset = (email: string, code: string, new_password: string) =>
  identity.confirmPasswordReset({ email, code, new_password });
export const authChangePassword = (current_password: string, new_password: string) =>
  identity.changePassword({ current_password, new_password });
export const authAccess = (path: string) => identity.checkRouteAccess({ path });
export const getUserByUid = (uid: string) => identity.getUser(uid);
/** The generated `saveFcmToken({ fcmToken })` takes the body; this one the token (a local export wins over `export *`). */
export const saveFcmToken = (fcmToken: string) => identity.saveFcmToken({ fcmToken });
export const reportDispatchAccess = (content: string, has_permission: boolean) =>
  identity.recordDispatchAccess({ content, has_permission });
