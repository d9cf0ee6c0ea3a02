/**
 * The calls the apps use, all through the one mutator. Identity calls delegate to the orval output
 * (`generated/`); the CRM client calls are written against the brief's contract until the server publishes
 * them in openapi/openapi.json, then they switch to the generated ones under the same names.
 */
import * as identity from './generated/identity/identity';
import { customFetch } from './mutator';

export type { RoleFlags, User } from './generated/model';
export type { SessionTokens as TokenResponse, RouteAccess as AccessDecision } from './generated/model';
export { Role } from './generated/model';

export type ClientKind = 'person' | 'company';
export type ClientStatus = 'active' | 'inactive' | 'archived';

export interface Address {
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
}

export interface Client {
  id: string;
  kind: ClientKind;
  document: string;
  name: string;
  trade_name: string | null;
  emails: string[];
  phones: string[];
  address: Address | null;
  status: ClientStatus;
  notes: string | null;
  created_at: string;
  updated_at: string;
  created_by: string;
  updated_by: string;
}

export type ClientInput = Omit<Client, 'id' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by' | 'status'> & {
  status: 'active' | 'inactive';
};

export interface ClientPage {
  items: Client[];
  total: number;
  page: number;
  page_size: number;
}

export interface ClientQuery {
  q?: string;
  status?: ClientStatus;
  kind?: ClientKind;
  sort?: 'name' | '-name' | 'created_at' | '-created_at';
  page?: number;
  page_size?: number;
}

const json = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});

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

// CRM clients: not in openapi/openapi.json yet; written against the contract in the web brief.
function toQueryString(query: ClientQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const listClients = (query: ClientQuery) =>
  customFetch<ClientPage>(`/api/v1/crm/clients${toQueryString(query)}`, { method: 'GET' });

export const getClient = (id: string) =>
  customFetch<Client>(`/api/v1/crm/clients/${encodeURIComponent(id)}`, { method: 'GET' });

export const createClient = (input: ClientInput) =>
  customFetch<Client>('/api/v1/crm/clients', { method: 'POST', ...json(input) });

export const updateClient = (id: string, input: Partial<ClientInput>) =>
  customFetch<Client>(`/api/v1/crm/clients/${encodeURIComponent(id)}`, { method: 'PATCH', ...json(input) });

export const archiveClient = (id: string) =>
  customFetch<Client>(`/api/v1/crm/clients/${encodeURIComponent(id)}/archive`, { method: 'POST' });

export const restoreClient = (id: string) =>
  customFetch<Client>(`/api/v1/crm/clients/${encodeURIComponent(id)}/restore`, { method: 'POST' });
