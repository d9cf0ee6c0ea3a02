import { describe, expect, it } from 'vitest';
import {
  MAX_MESSAGE_BYTES,
  acceptHostMessage,
  activityLogged,
  authRequired,
  clientSelected,
  hostOriginOf,
  insertText,
  isAllowedOrigin,
  isLabHost,
  lookupOfContext,
  lookupOfTyped,
  pluginError,
  pluginMessageOf,
  ready,
  resize,
} from './messages';

const parent = { name: 'the parent window' };
const HOST = 'https://chat.exemplo.com.br';
const host = { origin: HOST, parent };
const from = (data: unknown, origin = HOST, source: unknown = parent) => acceptHostMessage({ data, origin, source }, host);

describe('messages from the host', () => {
  it('accept crm:context, crm:inbound-message and crm:ping from the parent at the host origin', () => {
    expect(from({ type: 'crm:context', payload: { phone: '(11) 98765-4321', conversationId: 42 } })).toEqual({
      type: 'crm:context',
      payload: { phone: '(11) 98765-4321', conversationId: 42 },
    });
    expect(from({ type: 'crm:inbound-message', payload: { conversationId: '42', at: '2026-11-27T10:00:00Z' } })?.type).toBe(
      'crm:inbound-message',
    );
    expect(from({ type: 'crm:ping' })).toEqual({ type: 'crm:ping' });
  });

  it('ignore another origin, another window, unknown types and invalid payloads', () => {
    const ping = { type: 'crm:ping' };
    expect(from(ping, 'https://evil.example')).toBeNull();
    expect(from(ping, 'https://chat.exemplo.com.br:8443')).toBeNull();
    expect(from(ping, HOST, { name: 'a sibling frame' })).toBeNull();
    expect(from(ping, HOST, null)).toBeNull();
    expect(from({ type: 'crm:delete-everything' })).toBeNull();
    expect(from('crm:ping')).toBeNull();
    expect(from(null)).toBeNull();
    expect(from({ type: 'crm:context', payload: { phone: 11987654321 } })).toBeNull();
    expect(from({ type: 'crm:inbound-message', payload: { conversationId: '42', at: 'ontem' } })).toBeNull();
    expect(from({ type: 'crm:context', payload: { name: 'x'.repeat(201) } })).toBeNull();
  });

  it('ignore anything above 64 KB', () => {
    const big = { type: 'crm:context', payload: { name: 'Ana' }, padding: 'x'.repeat(MAX_MESSAGE_BYTES) };
    expect(from(big)).toBeNull();
    const cyclic: Record<string, unknown> = { type: 'crm:ping' };
    cyclic.self = cyclic;
    expect(from(cyclic)).toBeNull();
  });
});

describe('messages to the host', () => {
  it('build every plugin message of contract v1', () => {
    expect(pluginMessageOf(ready())).toEqual({ type: 'crm:ready', payload: { version: 1 } });
    expect(pluginMessageOf(resize(320.4))).toEqual({ type: 'crm:resize', payload: { height: 321 } });
    expect(pluginMessageOf(clientSelected('0193a3f2-7c1e-7abc-9def-0123456789ab', 'Maria Souza')).type).toBe('crm:client-selected');
    expect(pluginMessageOf(activityLogged('a1')).type).toBe('crm:activity-logged');
    expect(pluginMessageOf(insertText('Olá, Maria!')).type).toBe('crm:insert-text');
    expect(pluginMessageOf(authRequired())).toEqual({ type: 'crm:auth-required' });
    expect(pluginMessageOf(pluginError('limite_de_consultas'))).toEqual({ type: 'crm:error', payload: { code: 'limite_de_consultas' } });
  });

  it('never carry a document number or a token', () => {
    expect(() => pluginMessageOf(insertText('CPF 123.456.789-09'))).toThrow(/documento/);
    expect(() => pluginMessageOf(insertText('12345678909'))).toThrow();
    expect(() => pluginMessageOf(insertText('CNPJ 11.222.333/0001-81'))).toThrow();
    expect(() => pluginMessageOf(clientSelected('c1', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.sig'))).toThrow(/token/);
    expect(() => pluginMessageOf(pluginError('Erro Livre'))).toThrow();
  });
});

describe('the host origin', () => {
  it('is ancestorOrigins[0], else the referrer origin', () => {
    expect(hostOriginOf([HOST, 'https://top.example'], 'https://other.example/x')).toBe(HOST);
    expect(hostOriginOf(undefined, `${HOST}/app/conversations/1?x=1`)).toBe(HOST);
    expect(hostOriginOf([], '')).toBeNull();
    expect(hostOriginOf(undefined, 'not a url')).toBeNull();
  });

  it('must be allowed exactly', () => {
    const allowed = [HOST];
    expect(isAllowedOrigin(HOST, allowed)).toBe(true);
    expect(isAllowedOrigin('https://chat.exemplo.com.br.evil.example', allowed)).toBe(false);
    expect(isAllowedOrigin('http://chat.exemplo.com.br', allowed)).toBe(false);
    expect(isAllowedOrigin(null, allowed)).toBe(false);
  });
});

describe('lookups', () => {
  it('from the host context: document, then phone, then e-mail', () => {
    expect(lookupOfContext({ phone: '(11) 98765-4321', email: 'a@b.com' })).toEqual({ phone: '(11) 98765-4321' });
    expect(lookupOfContext({ email: 'a@b.com' })).toEqual({ email: 'a@b.com' });
    expect(lookupOfContext({ document: '123.456.789-09', phone: '1' })).toEqual({ document: '123.456.789-09' });
    expect(lookupOfContext({ name: 'Ana' })).toBeNull();
  });

  it('from what is typed', () => {
    expect(lookupOfTyped('maria@exemplo.com.br')).toEqual({ email: 'maria@exemplo.com.br' });
    expect(lookupOfTyped('123.456.789-09')).toEqual({ document: '123.456.789-09' });
    expect(lookupOfTyped('11.222.333/0001-81')).toEqual({ document: '11.222.333/0001-81' });
    expect(lookupOfTyped('(11) 98765-4321')).toEqual({ phone: '(11) 98765-4321' });
    expect(lookupOfTyped('+55 11 98765-4321')).toEqual({ phone: '+55 11 98765-4321' });
    expect(lookupOfTyped('  ')).toBeNull();
  });
});

describe('isLabHost', () => {
  it('accepts only the app itself framing the plugin from /crmDev', () => {
    const own = 'https://backoffice.exemplo.com.br';
    expect(isLabHost(own, own, '/crmDev')).toBe(true);
    expect(isLabHost(own, own, '/clientes')).toBe(false);
    expect(isLabHost(own, own, null)).toBe(false);
    expect(isLabHost('https://outro.exemplo.com.br', own, '/crmDev')).toBe(false);
    expect(isLabHost(null, own, '/crmDev')).toBe(false);
  });
});
