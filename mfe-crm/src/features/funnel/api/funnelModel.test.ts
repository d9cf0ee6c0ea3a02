import type { FunnelBoard, FunnelColumn, Opportunity } from '@backoffice/api-client/endpoints';
import { describe, expect, it } from 'vitest';
import { boardQuery, canDrop, moveCard, personOf } from './funnelModel';

const card = (id: string, stage: string, value: number, status = 'aberta'): Opportunity =>
  ({ id, title: id, stage_id: stage, status, expected_value_cents: value, owner_id: 'u', owner_name: 'U', source: 'site', idle_days: 3, version: 1 }) as Opportunity;

const column = (id: string, kind: string, cards: Opportunity[]): FunnelColumn => ({
  stage: { id, name: id, position: 1, kind, archived: false },
  count: cards.length,
  value_cents: cards.reduce((s, c) => s + c.expected_value_cents, 0),
  cards,
  has_more: false,
});

describe('moveCard', () => {
  it('moves the card, its count and its value to the new column', () => {
    const a = card('a', 'novo', 1000);
    const board: FunnelBoard = { columns: [column('novo', 'aberta', [a, card('b', 'novo', 500)]), column('contato', 'aberta', [])], open_count: 2, open_value_cents: 1500 };
    const moved = moveCard(board, a, 'contato');
    expect(moved.columns.map((c) => [c.count, c.value_cents, c.cards.map((x) => x.id)])).toEqual([
      [1, 500, ['b']],
      [1, 1000, ['a']],
    ]);
    expect(moved.open_count).toBe(2);
    expect(moveCard(board, a, 'novo')).toBe(board);
  });

  it('reopening a lost card adds it back to the open totals', () => {
    const lost = card('l', 'perdido', 700, 'perdida');
    const board: FunnelBoard = { columns: [column('novo', 'aberta', []), column('perdido', 'perdido', [lost])], open_count: 0, open_value_cents: 0 };
    const moved = moveCard(board, lost, 'novo');
    expect([moved.open_count, moved.open_value_cents]).toEqual([1, 700]);
    expect(moved.columns[0]?.cards[0]?.status).toBe('aberta');
  });
});

describe('canDrop', () => {
  it('takes working stages only, and never a won card', () => {
    const open = column('contato', 'aberta', []);
    expect(canDrop(card('a', 'novo', 1), open)).toBe(true);
    expect(canDrop(card('a', 'contato', 1), open)).toBe(false);
    expect(canDrop(card('a', 'novo', 1), column('ganho', 'ganho', []))).toBe(false);
    expect(canDrop(card('a', 'ganho', 1, 'ganha'), open)).toBe(false);
  });
});

describe('boardQuery and personOf', () => {
  it('leaves empty filters out and reads the idle days as a number', () => {
    const q = boardQuery({ view: '', team_id: 't', owner_id: '', source: '', link_id: '', from: '', to: '', idle_days: '7', q: '' });
    expect(q).toEqual({ team_id: 't', owner_id: undefined, source: undefined, link_id: undefined, from: undefined, to: undefined, idle_days: 7, q: undefined });
    expect(boardQuery({ view: '', team_id: '', owner_id: '', source: '', link_id: '', from: '', to: '', idle_days: 'x', q: '' }).idle_days).toBeUndefined();
  });

  it('names the client, else the contact', () => {
    expect(personOf({ ...card('a', 'n', 1), client_name: 'Cliente' })).toBe('Cliente');
    expect(personOf({ ...card('a', 'n', 1), contact_name: 'Contato' })).toBe('Contato');
    expect(personOf(card('a', 'n', 1))).toBe('—');
  });
});
