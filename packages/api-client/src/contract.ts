/**
 * Typed calls for the endpoints the web uses, written against the contract in the web brief. They go through
 * the one mutator. When `openapi/openapi.json` is committed, orval writes `generated/` and these wrappers keep
 * their names so pages do not change.
 */
import { customFetch } from './mutator';

export type Role =
  | 'FINANCIAL_ASSISTANT'
  | 'FINANCIAL_MANAGER'
  | 'LEGAL_ASSISTANT'
  | 'ADMIN'
  | 'SUPER_ADMIN'
  | 'SALESPERSON'
  | 'SALES_MANAGER'
  | 'PURCHASING'
  | 'STOCK_KEEPER';

export interface RoleFlags {
  can_see_conciliation: boolean;
  can_see_dispatch: boolean;
  can_approval_dispatch: boolean;
}

export interface User {
  uid: string;
  email: string;
  name: string;
  role: Role | string;
  role_id: RoleFlags | null;
  access_hub: boolean;
  is_password_updated: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: User;
}

export interface AccessDecision {
  path: string;
  permission: string | null;
  allowed: boolean;
}

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

export const authSignIn = (email: string, password: string) =>
  customFetch<TokenResponse>('/api/v1/auth/sign-in', { method: 'POST', ...json({ email, password }) });

export const authRefresh = (refresh_token: string) =>
  customFetch<TokenResponse>('/api/v1/auth/refresh', { method: 'POST', ...json({ refresh_token }) });

export const authSignOut = (refresh_token: string) =>
  customFetch<undefined>('/api/v1/auth/sign-out', { method: 'POST', ...json({ refresh_token }) });

export const authSendResetCode = (email: string) =>
  customFetch<undefined>('/api/v1/auth/password-reset/send-code', { method: 'POST', ...json({ email }) });

export const authConfirmReset = (email: string, code: string, new_password: string) =>
  customFetch<undefined>('/api/v1/auth/password-reset/confirm', {
    method: 'POST',
    ...json({ email, code, new_password }),
  });

export const authChangePassword = (current_password: string, new_password: string) =>
  customFetch<undefined>('/api/v1/auth/password', { method: 'POST', ...json({ current_password, new_password }) });

export const authAccess = (path: string) =>
  customFetch<AccessDecision>(`/api/v1/auth/access?path=${encodeURIComponent(path)}`, { method: 'GET' });

export const getUserByUid = (uid: string) =>
  customFetch<User[]>(`/api/v1/users/${encodeURIComponent(uid)}`, { method: 'GET' });

export const saveFcmToken = (fcmToken: string) =>
  customFetch<undefined>('/fcm-subscriptions/save-fcm-token', { method: 'POST', ...json({ fcmToken }) });

export const reportDispatchAccess = (content: string, has_permission: boolean) =>
  customFetch<{ id: string }>('/dispatch/conciliation/pega-xereta', {
    method: 'POST',
    ...json({ content, has_permission }),
  });

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
