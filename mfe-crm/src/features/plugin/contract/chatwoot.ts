/**
 * The Chatwoot adapter (`/crm/plugin?host=chatwoot`). A Chatwoot dashboard app receives the conversation's context
 * as a JSON string `{"event": "appContext", "data": {"conversation", "contact", "currentAgent"}}` when its frame
 * loads, and asks for it again by posting the string `chatwoot-dashboard-app:fetch-info` to the parent. The
 * adapter maps that context to the contract's `crm:context` (contact phone, e-mail and name; conversation id and
 * channel) and the refresh request is that fetch-info string, sent to the host's origin only (never `*`).
 * The same checks apply as to the contract's messages: parent window, host origin, 64 KB, schema.
 */
import { z } from 'zod';
import { MAX_MESSAGE_BYTES, messageBytes, type HostContext, type IncomingEvent } from './messages';

export const CHATWOOT_FETCH_INFO = 'chatwoot-dashboard-app:fetch-info';

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : undefined));

const appContext = z.object({
  event: z.literal('appContext'),
  data: z.object({
    contact: z
      .object({
        name: optionalText(200),
        email: optionalText(320),
        phone_number: optionalText(40),
      })
      .nullish(),
    conversation: z
      .object({
        id: z.number().int().nullish(),
        channel: optionalText(60),
        meta: z.object({ channel: optionalText(60) }).nullish(),
      })
      .nullish(),
  }),
});

/** The `crm:context` a Chatwoot `appContext` event means, or null when the event is not one (or fails the checks). */
export function chatwootContext(event: IncomingEvent, host: { origin: string; parent: unknown }): HostContext | null {
  if (event.source !== host.parent || event.origin !== host.origin) return null;
  if (typeof event.data !== 'string') return null;
  const bytes = messageBytes(event.data);
  if (bytes === null || bytes > MAX_MESSAGE_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  const parsed = appContext.safeParse(json);
  if (!parsed.success) return null;
  const { contact, conversation } = parsed.data.data;
  const context: HostContext = {};
  if (contact?.phone_number) context.phone = contact.phone_number;
  if (contact?.email) context.email = contact.email;
  if (contact?.name) context.name = contact.name;
  if (conversation?.id != null) context.conversationId = conversation.id;
  const channel = conversation?.meta?.channel ?? conversation?.channel;
  if (channel) context.channel = channel;
  return context;
}
