/**
 * The plugin ↔ host message contract, v1 (docs: sales-crm-commissions §2 `/crm/plugin`). Pure: no DOM, no React.
 *
 * Every message is `{ type, payload? }`. Host → plugin: `crm:context`, `crm:inbound-message`, `crm:ping`.
 * Plugin → host: `crm:ready`, `crm:resize`, `crm:client-selected`, `crm:activity-logged`, `crm:insert-text`,
 * `crm:auth-required`, `crm:error`. Incoming messages are accepted only from the parent window at the host's
 * origin, at most 64 KB, schema-valid and of a known type; anything else is ignored (null). No message carries a
 * token or a document number: outgoing ones are checked for both.
 */
import { z } from 'zod';

export const CONTRACT_VERSION = 1;
/** Incoming messages above this size (serialized) are ignored. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

const short = (max: number) => z.string().trim().max(max);

const contextPayload = z.object({
  phone: short(40).optional(),
  email: short(320).optional(),
  document: short(40).optional(),
  name: short(200).optional(),
  conversationId: z.union([short(100), z.number().int()]).optional(),
  channel: short(60).optional(),
});

const inboundPayload = z.object({
  conversationId: z.union([short(100).min(1), z.number().int()]),
  /** ISO 8601 date-time of the message. */
  at: z.iso.datetime({ offset: true }),
});

const hostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('crm:context'), payload: contextPayload }),
  z.object({ type: z.literal('crm:inbound-message'), payload: inboundPayload }),
  z.object({ type: z.literal('crm:ping'), payload: z.undefined().optional() }),
]);

export type HostMessage = z.infer<typeof hostMessage>;
export type HostContext = z.infer<typeof contextPayload>;
export type InboundMessage = z.infer<typeof inboundPayload>;

const HOST_TYPES: ReadonlySet<string> = new Set(['crm:context', 'crm:inbound-message', 'crm:ping']);

const pluginMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('crm:ready'), payload: z.object({ version: z.literal(CONTRACT_VERSION) }) }),
  z.object({ type: z.literal('crm:resize'), payload: z.object({ height: z.number().int().min(0).max(100_000) }) }),
  z.object({
    type: z.literal('crm:client-selected'),
    payload: z.object({ clientId: z.string().min(1).max(100), displayName: z.string().max(200) }),
  }),
  z.object({ type: z.literal('crm:activity-logged'), payload: z.object({ activityId: z.string().min(1).max(100) }) }),
  z.object({ type: z.literal('crm:insert-text'), payload: z.object({ text: z.string().min(1).max(4000) }) }),
  z.object({ type: z.literal('crm:auth-required') }),
  z.object({ type: z.literal('crm:error'), payload: z.object({ code: z.string().regex(/^[a-z_]{1,60}$/) }) }),
]);

export type PluginMessage = z.infer<typeof pluginMessage>;
export type PluginMessageType = PluginMessage['type'];

/** What arrived in a `message` event (the fields the checks read). */
export interface IncomingEvent {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** The size of a message as sent (structured clone of plain data ≈ its JSON); null when it cannot be measured. */
export function messageBytes(data: unknown): number | null {
  try {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    return text === undefined ? 0 : new TextEncoder().encode(text).length;
  } catch {
    return null;
  }
}

/**
 * The host message in `event`, or null when it must be ignored: another window than the parent, another origin
 * than the host's, more than 64 KB, an unknown type or an invalid payload.
 */
export function acceptHostMessage(event: IncomingEvent, host: { origin: string; parent: unknown }): HostMessage | null {
  if (event.source !== host.parent || event.origin !== host.origin) return null;
  const bytes = messageBytes(event.data);
  if (bytes === null || bytes > MAX_MESSAGE_BYTES) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null || !HOST_TYPES.has(String((data as { type?: unknown }).type))) return null;
  const parsed = hostMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A CPF or CNPJ (formatted or bare, numeric or alphanumeric), or a JWT: never in a message to the host. */
const DOCUMENT = /(^|[^\dA-Z])(\d{3}\.?\d{3}\.?\d{3}-?\d{2}|[\dA-Z]{2}\.?[\dA-Z]{3}\.?[\dA-Z]{3}\/?[\dA-Z]{4}-?\d{2})(?![\dA-Z])/;
const TOKEN = /eyJ[\w-]{4,}\.[\w-]{4,}\./;

function leaks(value: unknown): boolean {
  if (typeof value === 'string') return DOCUMENT.test(value) || TOKEN.test(value);
  if (value && typeof value === 'object') return Object.values(value).some(leaks);
  return false;
}

/** A valid plugin → host message; throws for an invalid one or one that would carry a document or a token. */
export function pluginMessageOf(message: PluginMessage): PluginMessage {
  const parsed = pluginMessage.parse(message);
  if (leaks(parsed)) throw new Error(`${parsed.type}: uma mensagem ao host não pode levar documento nem token`);
  return parsed;
}

export const ready = (): PluginMessage => ({ type: 'crm:ready', payload: { version: CONTRACT_VERSION } });
export const resize = (height: number): PluginMessage => ({ type: 'crm:resize', payload: { height: Math.ceil(height) } });
export const clientSelected = (clientId: string, displayName: string): PluginMessage => ({
  type: 'crm:client-selected',
  payload: { clientId, displayName },
});
export const activityLogged = (activityId: string): PluginMessage => ({ type: 'crm:activity-logged', payload: { activityId } });
export const insertText = (text: string): PluginMessage => ({ type: 'crm:insert-text', payload: { text } });
export const authRequired = (): PluginMessage => ({ type: 'crm:auth-required' });
export const pluginError = (code: string): PluginMessage => ({ type: 'crm:error', payload: { code } });

/**
 * The host's origin: `location.ancestorOrigins[0]` where the browser has it, else the origin of
 * `document.referrer`; null when neither says (not framed, or a referrer policy that hides it).
 */
export function hostOriginOf(ancestorOrigins: ArrayLike<string> | undefined, referrer: string): string | null {
  const first = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : undefined;
  if (first && first !== 'null') return first;
  if (!referrer) return null;
  try {
    const origin = new URL(referrer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Whether `origin` is one of the allowed origins, exactly. */
export function isAllowedOrigin(origin: string | null, allowed: readonly string[]): origin is string {
  return origin !== null && allowed.includes(origin);
}

/** What the host's context asks the plugin to look up: a document first, then a phone, then an e-mail. */
export function lookupOfContext(context: HostContext): LookupQuery | null {
  if (context.document) return { document: context.document };
  if (context.phone) return { phone: context.phone };
  if (context.email) return { email: context.email };
  return null;
}

/** One of the lookup's parameters. */
export type LookupQuery = { phone: string } | { email: string } | { document: string };

/** The lookup a typed term means: an e-mail with `@`, a CPF/CNPJ when formatted as one or 14 characters, else a phone. */
export function lookupOfTyped(term: string): LookupQuery | null {
  const text = term.trim();
  if (!text) return null;
  if (text.includes('@')) return { email: text };
  const bare = text.replace(/[.\-/\s()+]/g, '');
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text) || /^[\dA-Za-z]{12}\d{2}$/.test(bare)) return { document: text };
  return { phone: text };
}

/** The CRM laboratory's page, whose host emulator frames the plugin from the app's own origin. */
export const LAB_PATH = '/crmDev';

/**
 * Whether the host is the laboratory's emulator: the app's own origin (which the server's `frame-ancestors 'self'`
 * lets frame `/crm/plugin`) and the parent page `/crmDev` (readable only when same-origin). Any other page of the
 * app framing the plugin is not a host.
 */
export function isLabHost(origin: string | null, ownOrigin: string, parentPath: string | null): origin is string {
  return origin !== null && origin === ownOrigin && parentPath === LAB_PATH;
}
