import { useListJobs } from '@backoffice/api-client/endpoints';

/**
 * Pending work on /inicio: what waits for the user (to approve, overdue, to count, failed). Each area adds its
 * entries here as it lands: the permission that makes it the user's business (the server enforces the same one
 * on the call behind `useCount`), a title, where to act, and a hook that counts it.
 */
export interface PendingCount {
  /** How many wait; `more` when the count stopped at the page the hook asked for. */
  count: number;
  more: boolean;
}

export interface PendingWorkEntry {
  id: string;
  permission: string;
  title: string;
  /** What one item is, for the count's words ("1 tarefa", "3 tarefas"). */
  noun: { one: string; many: string };
  to: string;
  useCount: () => PendingCount | undefined;
}

/** The most a card counts exactly; beyond it says "mais de". */
export const PENDING_COUNT_LIMIT = 200;

function useDeadJobs(): PendingCount | undefined {
  const { data } = useListJobs({ status: ['dead'], page: 1, page_size: PENDING_COUNT_LIMIT });
  return data && { count: data.items.length, more: data.has_more };
}

export const PENDING_WORK: readonly PendingWorkEntry[] = [
  {
    id: 'dead-jobs',
    permission: 'tarefas_administrar',
    title: 'Tarefas com falha',
    noun: { one: 'tarefa esgotou as tentativas', many: 'tarefas esgotaram as tentativas' },
    to: '/admin/tarefas?status=dead',
    useCount: useDeadJobs,
  },
];

/** "3 tarefas esgotaram as tentativas", "mais de 200 …". */
export function countWords({ count, more }: PendingCount, noun: PendingWorkEntry['noun']): string {
  if (more) return `Mais de ${count} ${noun.many}`;
  return `${count} ${count === 1 ? noun.one : noun.many}`;
}
