/**
 * The calls the apps use, under stable names, all delegating to the orval output (`generated/`, from
 * openapi/openapi.json), which goes through the one mutator.
 */
import * as crm from './generated/crm/crm';
import * as identity from './generated/identity/identity';
import type { ClientPatchRequest as ClientPatch, ListClientsParams as ClientQuery, NewClientRequest as ClientInput } from './generated/model';

export type { RoleFlags, User } from './generated/model';
export type { SessionTokens as TokenResponse, RouteAccess as AccessDecision } from './generated/model';
export { Role } from './generated/model';

export type { Client, ClientAddress as Address, ClientKind, ClientPage, ClientStatus } from './generated/model';
export type { NewClientRequest as ClientInput, ClientPatchRequest as ClientPatch } from './generated/model';
export type { ListClientsParams as ClientQuery } from './generated/model';

// Identity: the orval-generated calls (openapi/openapi.json), under the names the apps use.
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
export const saveFcmToken = (fcmToken: string) => identity.saveFcmToken({ fcmToken });
export const reportDispatchAccess = (content: string, has_permission: boolean) =>
  identity.recordDispatchAccess({ content, has_permission });

// CRM clients: the generated calls.
export const listClients = (query: ClientQuery) => crm.listClients(query);
export const getClient = (id: string) => crm.getClient(id);
export const createClient = (input: ClientInput) => crm.createClient(input);
export const updateClient = (id: string, patch: ClientPatch) => crm.updateClient(id, patch);
export const archiveClient = (id: string) => crm.archiveClient(id);
export const restoreClient = (id: string) => crm.restoreClient(id);
