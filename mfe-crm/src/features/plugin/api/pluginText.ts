/**
 * What the plugin asks its host to insert in a conversation, and where *Nova venda* goes. Pure, so the words and
 * the URLs are tested without a host. Nothing here ever carries a document number (the message schema refuses it
 * anyway) or a session token: a summary link's token is its own, made to be sent to the client.
 */
import type { PluginClientCard } from '@backoffice/api-client/endpoints';

/** The client's first name, for a greeting; the whole name when it has one word. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export function greeting(card: Pick<PluginClientCard, 'name'>): string {
  return `Olá, ${firstName(card.name)}!`;
}

/** The message that carries a proposal summary link to the client. */
export function summaryLinkMessage(clientName: string, saleNumber: string, url: string): string {
  return `Olá, ${firstName(clientName)}! Segue o resumo da sua proposta ${saleNumber}: ${url}`;
}

/** The sale wizard for the client, opened by *Nova venda* in a new top-level tab, marked as coming from the plugin. */
export function newSaleUrl(clientId: string, origin: string): string {
  const url = new URL('/venda', origin);
  url.searchParams.set('cliente', clientId);
  url.searchParams.set('origem', 'plugin');
  return url.toString();
}
