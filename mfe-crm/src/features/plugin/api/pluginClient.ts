/**
 * The plugin's own API client. It never goes through the web app's session (`customFetch` attaches that session's
 * token and, on a 401, would refresh or end it): the plugin's access token (`aud=crm-plugin`) lives in this
 * closure's memory only, and its refresh token only in the `HttpOnly; Partitioned` cookie the server sets on the
 * plugin's refresh path. Tokens are never read from the URL or from messages.
 */
import { ApiError, currentApiBase, joinUrl, toApiError } from '@backoffice/api-client';
import {
  getCrmPluginCadencesUrl,
  getCrmPluginClientUrl,
  getCrmPluginEnrollClientUrl,
  getCrmPluginCreateLeadUrl,
  getCrmPluginInboundMessageUrl,
  getCrmPluginLogActivityUrl,
  getCrmPluginLookupUrl,
  getCrmPluginMoveOpportunityUrl,
  getPluginRefreshUrl,
  getPluginSignInUrl,
  getPluginSignOutUrl,
  getSalesPluginClientSalesUrl,
  getSalesPluginCreateSummaryLinkUrl,
  type CadenceEnrollment,
  type CompletedActivity,
  type CreatedSummaryLink,
  type CrmPluginLookupParams,
  type InboundPaused,
  type MoveRequest,
  type NewOpportunityRequest,
  type Opportunity,
  type PluginActivityRequest,
  type PluginCadence,
  type PluginClientCard,
  type PluginLookup,
  type PluginSession,
  type SaleSummary,
  type User,
} from '@backoffice/api-client/endpoints';

/** The session is missing or over: the plugin asks the person to sign in (and tells the host). */
export class AuthRequiredError extends Error {
  constructor() {
    super('Entre para usar o plugin.');
    this.name = 'AuthRequiredError';
  }
}

export interface PluginClient {
  /** Renews the access token from the refresh cookie; the user, or null when there is no live session. */
  resume(): Promise<User | null>;
  signIn(email: string, password: string): Promise<User>;
  signOut(): Promise<void>;
  lookup(params: CrmPluginLookupParams, signal?: AbortSignal): Promise<PluginLookup>;
  /** A client's card again, after an action. */
  card(clientId: string): Promise<PluginClientCard>;
  createLead(lead: NewOpportunityRequest): Promise<Opportunity>;
  logActivity(activity: PluginActivityRequest): Promise<CompletedActivity>;
  moveOpportunity(id: string, move: MoveRequest): Promise<Opportunity>;
  /** The host saw the client write: their active cadence pauses. */
  inboundMessage(clientId: string): Promise<InboundPaused>;
  /** The active cadences the user may enroll a client in. */
  cadences(): Promise<PluginCadence[]>;
  /** *Inscrever em cadência*: the client enters the cadence (422 naming the client when the rules refuse). */
  enroll(clientId: string, cadenceId: string): Promise<CadenceEnrollment>;
  /** The client's sales still in hand (the card's *Vendas em aberto*). */
  clientSales(clientId: string): Promise<SaleSummary[]>;
  /** *Enviar link de resumo*: a new summary link of the sale (with the validity and verification defaults). */
  createSummaryLink(saleId: string): Promise<CreatedSummaryLink>;
}

export function createPluginClient(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): PluginClient {
  let accessToken: string | null = null;
  const url = (path: string) => joinUrl(currentApiBase(), path);

  async function session(path: string, init: RequestInit): Promise<PluginSession> {
    const response = await fetchImpl(url(path), { ...init, credentials: 'include', cache: 'no-store' });
    if (!response.ok) throw await toApiError(response);
    const body = (await response.json()) as PluginSession;
    accessToken = body.access_token;
    return body;
  }

  async function resume(): Promise<User | null> {
    try {
      return (await session(getPluginRefreshUrl(), { method: 'POST' })).user;
    } catch (error) {
      accessToken = null;
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  async function authorized(path: string, signal?: AbortSignal, body?: unknown): Promise<Response> {
    const send = () =>
      fetchImpl(url(path), {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${accessToken ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        credentials: 'omit',
      });
    if (!accessToken && !(await resume())) throw new AuthRequiredError();
    let response = await send();
    if (response.status === 401) {
      if (!(await resume())) throw new AuthRequiredError();
      response = await send();
      if (response.status === 401) throw new AuthRequiredError();
    }
    return response;
  }

  /** A plugin call's JSON answer (a POST when there is a body), or its error. */
  async function json<T>(path: string, signal?: AbortSignal, body?: unknown): Promise<T> {
    const response = await authorized(path, signal, body);
    if (!response.ok) throw await toApiError(response);
    return (await response.json()) as T;
  }

  return {
    resume,
    async signIn(email, password) {
      const body = JSON.stringify({ email, password });
      return (await session(getPluginSignInUrl(), { method: 'POST', body, headers: { 'Content-Type': 'application/json' } })).user;
    },
    async signOut() {
      accessToken = null;
      await fetchImpl(url(getPluginSignOutUrl()), { method: 'DELETE', credentials: 'include' }).catch(() => undefined);
    },
    lookup: (params, signal) => json<PluginLookup>(getCrmPluginLookupUrl(params), signal),
    card: (clientId) => json<PluginClientCard>(getCrmPluginClientUrl(clientId)),
    createLead: (lead) => json<Opportunity>(getCrmPluginCreateLeadUrl(), undefined, lead),
    logActivity: (activity) => json<CompletedActivity>(getCrmPluginLogActivityUrl(), undefined, activity),
    moveOpportunity: (id, move) => json<Opportunity>(getCrmPluginMoveOpportunityUrl(id), undefined, move),
    inboundMessage: (clientId) => json<InboundPaused>(getCrmPluginInboundMessageUrl(clientId), undefined, {}),
    cadences: () => json<PluginCadence[]>(getCrmPluginCadencesUrl()),
    enroll: (clientId, cadenceId) => json<CadenceEnrollment>(getCrmPluginEnrollClientUrl(clientId), undefined, { cadence_id: cadenceId }),
    clientSales: (clientId) => json<SaleSummary[]>(getSalesPluginClientSalesUrl(clientId)),
    createSummaryLink: (saleId) => json<CreatedSummaryLink>(getSalesPluginCreateSummaryLinkUrl(saleId), undefined, {}),
  };
}
