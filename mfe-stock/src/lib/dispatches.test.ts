import { describe, expect, it } from 'vitest';
import { mayCancel, mayEdit } from './dispatches';

describe('who sees "Cancelar despacho" (§4)', () => {
  const d = { requester_uid: 'ana', approver_uid: 'bia' };
  it('a draft or a request: its requester only', () => {
    expect(mayCancel({ ...d, status: 'RASCUNHO' }, 'ana', false)).toBe(true);
    expect(mayCancel({ ...d, status: 'SOLICITADO' }, 'bia', true)).toBe(false);
  });
  it('approved or being picked: the approver or a stock manager', () => {
    expect(mayCancel({ ...d, status: 'EM_SEPARACAO' }, 'bia', false)).toBe(true);
    expect(mayCancel({ ...d, status: 'APROVADO' }, 'carla', true)).toBe(true);
    expect(mayCancel({ ...d, status: 'APROVADO' }, 'ana', false)).toBe(false);
  });
  it('never once shipped', () => {
    expect(mayCancel({ ...d, status: 'ENVIADO' }, 'ana', true)).toBe(false);
    expect(mayCancel({ ...d, status: 'ENVIADO' }, undefined, true)).toBe(false);
  });
});

describe('who sees "Editar" on a draft', () => {
  it('its author while it is RASCUNHO', () => {
    expect(mayEdit({ requester_uid: 'ana', status: 'RASCUNHO' }, 'ana')).toBe(true);
    expect(mayEdit({ requester_uid: 'ana', status: 'RASCUNHO' }, 'bia')).toBe(false);
    expect(mayEdit({ requester_uid: 'ana', status: 'SOLICITADO' }, 'ana')).toBe(false);
    expect(mayEdit({ requester_uid: 'ana', status: 'RASCUNHO' }, undefined)).toBe(false);
  });
});
