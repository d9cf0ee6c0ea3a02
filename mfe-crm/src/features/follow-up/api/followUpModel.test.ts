import type { FollowUpTrack } from '@backoffice/api-client/endpoints';
import { cardTitle, columnsFor, columnsOf, itemLine, nextStep } from './followUpModel';

function track(over: Partial<FollowUpTrack>): FollowUpTrack {
  return {
    id: 't1',
    sale_id: 's1',
    sale_number: 'V-2026-000001',
    client_name: 'Clínica Sorriso Ltda',
    owner_id: 'u1',
    owner_name: 'Vera',
    item_seq: 1,
    description: 'Protetor solar FPS 50',
    quantity: 1,
    kind: 'produto',
    release_condition: 'primeira_parcela',
    status: 'aguardando_pagamento',
    is_final: false,
    status_at: '2026-12-07T15:00:00Z',
    version: 1,
    ...over,
  } as FollowUpTrack;
}

describe('follow-up board', () => {
  it('shows one kind’s columns, or both with the payment column once', () => {
    expect(columnsFor('produto')).toEqual(['aguardando_pagamento', 'em_separacao', 'enviado', 'entregue']);
    expect(columnsFor('procedimento')).toEqual(['aguardando_pagamento', 'a_agendar', 'agendado', 'realizado', 'retorno']);
    expect(columnsFor('')).toHaveLength(8);
  });

  it('puts each track in its status column, the late first', () => {
    const columns = columnsOf(
      [
        track({ id: 'a', status: 'em_separacao', sla: 'no_prazo' }),
        track({ id: 'b', status: 'em_separacao', sla: 'atrasado' }),
        track({ id: 'c', status: 'a_agendar', kind: 'procedimento' }),
      ],
      'produto',
    );
    expect(columns.map((c) => [c.label, c.tracks.map((t) => t.id)])).toEqual([
      ['Aguardando pagamento', []],
      ['Em separação', ['b', 'a']],
      ['Enviado', []],
      ['Entregue', []],
    ]);
  });

  it('offers the next step only once released and until the final one', () => {
    expect(nextStep({ status: 'aguardando_pagamento' })).toBeNull();
    expect(nextStep({ status: 'em_separacao' })).toMatchObject({ action: 'ship', form: 'ship' });
    expect(nextStep({ status: 'a_agendar' })).toMatchObject({ action: 'schedule', form: 'schedule' });
    expect(nextStep({ status: 'realizado' })).toMatchObject({ action: 'return', form: null });
    expect(nextStep({ status: 'entregue' })).toBeNull();
    expect(nextStep({ status: 'retorno' })).toBeNull();
  });

  it('titles a card with the sale and the client, and the item with its quantity', () => {
    expect(cardTitle(track({}))).toBe('V-2026-000001 · Clínica Sorriso Ltda');
    expect(itemLine(track({ quantity: 2 }))).toBe('2× Protetor solar FPS 50');
    expect(itemLine(track({}))).toBe('Protetor solar FPS 50');
  });
});
