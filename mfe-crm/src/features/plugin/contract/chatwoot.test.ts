import { describe, expect, it } from 'vitest';
import { CHATWOOT_FETCH_INFO, chatwootContext } from './chatwoot';

const parent = {};
const HOST = 'https://app.chatwoot.com';
const host = { origin: HOST, parent };
const appContext = {
  event: 'appContext',
  data: {
    conversation: { id: 1234, meta: { channel: 'Channel::Whatsapp', sender: { id: 9 } }, messages: [] },
    contact: { id: 9, name: 'Maria Souza', email: 'maria@exemplo.com.br', phone_number: '+5511987654321', custom_attributes: {} },
    currentAgent: { id: 1, name: 'Ana', email: 'ana@empresa.com.br' },
  },
};

describe('the Chatwoot adapter', () => {
  it('maps appContext to crm:context', () => {
    expect(chatwootContext({ data: JSON.stringify(appContext), origin: HOST, source: parent }, host)).toEqual({
      phone: '+5511987654321',
      email: 'maria@exemplo.com.br',
      name: 'Maria Souza',
      conversationId: 1234,
      channel: 'Channel::Whatsapp',
    });
  });

  it('tolerates a contact without phone or e-mail', () => {
    const sparse = { event: 'appContext', data: { contact: { name: 'Ana', email: null, phone_number: '' }, conversation: null } };
    expect(chatwootContext({ data: JSON.stringify(sparse), origin: HOST, source: parent }, host)).toEqual({ name: 'Ana' });
  });

  it('ignores other origins, windows, events, objects and oversized strings', () => {
    const data = JSON.stringify(appContext);
    expect(chatwootContext({ data, origin: 'https://evil.example', source: parent }, host)).toBeNull();
    expect(chatwootContext({ data, origin: HOST, source: {} }, host)).toBeNull();
    expect(chatwootContext({ data: appContext, origin: HOST, source: parent }, host)).toBeNull();
    expect(chatwootContext({ data: '{"event":"other"}', origin: HOST, source: parent }, host)).toBeNull();
    expect(chatwootContext({ data: 'not json', origin: HOST, source: parent }, host)).toBeNull();
    const big = JSON.stringify({ ...appContext, padding: 'x'.repeat(70_000) });
    expect(chatwootContext({ data: big, origin: HOST, source: parent }, host)).toBeNull();
  });

  it('asks for a refresh with Chatwoot’s own message', () => {
    expect(CHATWOOT_FETCH_INFO).toBe('chatwoot-dashboard-app:fetch-info');
  });
});
