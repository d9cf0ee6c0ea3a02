import { describe, expect, it } from 'vitest';
import { byPrecedence, logLineOf, subjectLabel } from './labModel';

const names = { teams: new Map([['t1', 'Centro']]), users: new Map([['u1', 'Vera Vendedora']]) };

describe('subjectLabel', () => {
  it('names roles, teams and users, falling back to the id', () => {
    expect(subjectLabel('papel', 'SALESPERSON', names)).toBe('Papel: Vendedor');
    expect(subjectLabel('time', 't1', names)).toBe('Time: Centro');
    expect(subjectLabel('usuario', 'u1', names)).toBe('Usuário: Vera Vendedora');
    expect(subjectLabel('usuario', 'u9', names)).toBe('Usuário: u9');
  });
});

describe('byPrecedence', () => {
  it('lists the user grants first, then teams, then roles', () => {
    const sorted = byPrecedence([{ subject_kind: 'papel' }, { subject_kind: 'usuario' }, { subject_kind: 'time' }]);
    expect(sorted.map((g) => g.subject_kind)).toEqual(['usuario', 'time', 'papel']);
  });
});

describe('logLineOf', () => {
  it('reads the type and the payload of a contract message', () => {
    const at = new Date('2026-12-01T12:00:00Z');
    expect(logLineOf('recebida', { type: 'crm:ready', payload: { version: 1 } }, at)).toEqual({
      direction: 'recebida',
      at: '2026-12-01T12:00:00.000Z',
      type: 'crm:ready',
      payload: '{"version":1}',
    });
    expect(logLineOf('recebida', 'texto', at).type).toBe('(sem tipo)');
    expect(logLineOf('enviada', { type: 'crm:ping' }, at).payload).toBe('');
  });
});
