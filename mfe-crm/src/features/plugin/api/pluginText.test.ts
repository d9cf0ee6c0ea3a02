import { describe, expect, it } from 'vitest';
import { pluginMessageOf, insertText } from '../contract/messages';
import { firstName, greeting, newSaleUrl, summaryLinkMessage } from './pluginText';

describe('the texts the plugin inserts', () => {
  it('greets by the first name', () => {
    expect(firstName('  Maria  da Silva ')).toBe('Maria');
    expect(greeting({ name: 'Clínica Bem Estar Ltda' })).toBe('Olá, Clínica!');
  });

  it('sends the summary link with the sale number, and the host contract accepts it', () => {
    const text = summaryLinkMessage('Maria da Silva', 'V-2026-000123', 'https://app.exemplo.com.br/resumo-temporario#t=abcDEF_-12');
    expect(text).toBe('Olá, Maria! Segue o resumo da sua proposta V-2026-000123: https://app.exemplo.com.br/resumo-temporario#t=abcDEF_-12');
    expect(pluginMessageOf(insertText(text)).type).toBe('crm:insert-text');
  });

  it('opens the sale wizard for the client, from the plugin, on the app origin', () => {
    expect(newSaleUrl('c 1&x', 'https://app.exemplo.com.br')).toBe('https://app.exemplo.com.br/venda?cliente=c+1%26x&origem=plugin');
  });
});
