import type { RemittancePendingItem } from '@backoffice/api-client/endpoints';
import { findingText, parsePreflight, pendingKey, remittanceActions, returnProgress, selectPending, tabOf } from './remittanceModel';

const item = (over: Partial<RemittancePendingItem>): RemittancePendingItem => ({
  boleto_id: 'b1',
  instruction: 'ENTRADA',
  nosso_numero: 1,
  nosso_numero_formatted: '109/00000001-5',
  payer_name: 'Ana',
  due_date: '2026-12-10',
  amount_cents: 10_000,
  ...over,
});

const entradaA = item({ boleto_id: 'a', amount_cents: 30_001 });
const entradaB = item({ boleto_id: 'b', amount_cents: 19_999 });
// A boleto may be pending twice: its entrada and an instruction (that moves no money).
const baixaA = item({ boleto_id: 'a', instruction_id: 'i1', instruction: 'PEDIDO_BAIXA', amount_cents: 30_001 });

describe('pending selection', () => {
  it('keys an entrada by its boleto and an instruction by itself', () => {
    expect(pendingKey(entradaA)).toBe('b:a');
    expect(pendingKey(baixaA)).toBe('i:i1');
  });
  it('with nothing left out sends no ids (the server takes every pending item) and totals only entradas', () => {
    expect(selectPending([entradaA, entradaB, baixaA], new Set())).toEqual({ count: 3, totalCents: 50_000, request: null });
  });
  it('names the chosen boletos and instructions when some are left out', () => {
    expect(selectPending([entradaA, entradaB, baixaA], new Set(['b:b']))).toEqual({
      count: 2,
      totalCents: 30_001,
      request: { boleto_ids: ['a'], instruction_ids: ['i1'] },
    });
    expect(selectPending([entradaA, entradaB, baixaA], new Set(['b:a', 'b:b', 'i:i1']))).toEqual({
      count: 0,
      totalCents: 0,
      request: { boleto_ids: [], instruction_ids: [] },
    });
  });
  it('ignores a left-out key no longer pending', () => {
    expect(selectPending([entradaA], new Set(['b:gone'])).request).toBeNull();
  });
});

describe('remessa actions by status', () => {
  it('a draft is generated, and discarded only if it never had a file', () => {
    expect(remittanceActions({ status: 'RASCUNHO' })).toMatchObject({ generate: true, discard: true, download: false, markSent: false, reopen: false });
    expect(remittanceActions({ status: 'RASCUNHO', sequence: 58, file_name: 'CB2611A.REM' })).toMatchObject({ generate: true, discard: false, download: false });
  });
  it('a generated one is downloaded, sent or reopened; a sent one only downloaded', () => {
    expect(remittanceActions({ status: 'GERADA', sequence: 58, file_name: 'x' })).toEqual({ generate: false, discard: false, download: true, markSent: true, reopen: true });
    expect(remittanceActions({ status: 'ENVIADA', sequence: 58, file_name: 'x' })).toEqual({ generate: false, discard: false, download: true, markSent: false, reopen: false });
    expect(remittanceActions({ status: 'CANCELADA' })).toEqual({ generate: false, discard: false, download: false, markSent: false, reopen: false });
  });
});

describe('preflight and progress', () => {
  it('reads the stored findings and says where each one is', () => {
    const [f] = parsePreflight('[{"line":3,"start":18,"end":32,"field":"nosso_numero","problem":"dígito inválido","expected":"5","found":"7"}]');
    expect(f && findingText(f)).toBe('Linha 3, posições 18–32, campo nosso_numero: dígito inválido; esperado 5, encontrado «7».');
    expect(parsePreflight(undefined)).toEqual([]);
    expect(parsePreflight('not json')).toEqual([]);
    expect(parsePreflight('{"a":1}')).toEqual([]);
  });
  it('shows a bar only while a retorno is being applied', () => {
    expect(returnProgress({ status: 'IMPORTADO', done: 2500, total: 10_000 })).toEqual({ percent: 25, label: '2.500 de 10.000 ocorrências' });
    expect(returnProgress({ status: 'IMPORTADO', done: 0, total: 0 })).toEqual({ percent: 0, label: 'Na fila para processar…' });
    expect(returnProgress({ status: 'PROCESSADO', done: 10, total: 10 })).toBeNull();
  });
  it('opens the Remessas tab for an unknown ?aba=', () => {
    expect(tabOf('pendencias')).toBe('pendencias');
    expect(tabOf('x')).toBe('remessas');
    expect(tabOf(null)).toBe('remessas');
  });
});
