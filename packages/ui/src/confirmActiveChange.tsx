import { Text } from '@mantine/core';
import { modals } from './modals';
import { notify } from './notifications';

export interface ActiveChange {
  /** Whether the record is active now (so the question is to deactivate it). */
  active: boolean;
  /** The record's kind, for the title: "conta bancária" → "Desativar conta bancária". */
  noun: string;
  /** How the person knows it: "1.1.01 Caixa", "Itaú principal". */
  name: string;
  /** What deactivating it means, said before confirming (optional). */
  consequence?: string;
  /** The toast once saved: "Conta 1.1.01 desativada." */
  done: string;
  /** The toast when the server refused and did not say why. */
  failure: string;
  /** Saves the opposite of `active` over the version shown. */
  save: () => Promise<unknown>;
}

/**
 * Deactivating or reactivating a register's record (nothing in the registers is deleted): asks first, saves, and
 * says how it went (the server's message when it refused: a stale version, a rule of the record).
 */
export function confirmActiveChange(change: ActiveChange): void {
  const verb = change.active ? 'Desativar' : 'Reativar';
  const question = `${verb} ${change.name}?`;
  modals.openConfirmModal({
    title: `${verb} ${change.noun}`,
    children: <Text size="sm">{change.active && change.consequence ? `${question} ${change.consequence}` : question}</Text>,
    labels: { confirm: verb, cancel: 'Cancelar' },
    confirmProps: change.active ? { color: 'red' } : undefined,
    onConfirm: () => {
      change.save().then(
        () => notify(change.done, 'success'),
        (error: unknown) => notify(error instanceof Error ? error.message : change.failure, 'error'),
      );
    },
  });
}
