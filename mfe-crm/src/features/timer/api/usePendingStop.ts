import { getGetCurrentTimerQueryKey, getListActivitiesQueryKey, stopTimer } from '@backoffice/api-client/endpoints';
import { notify } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { flushPending, readPending, writePending, type PendingStop } from './timerModel';

/**
 * The device's queued stop (`stop`): queued when the stop could not reach the server, sent on load, when the
 * browser says it is online again, or on demand. A refusal by the server is kept to be shown (`refusal`).
 */
export function usePendingStop(uid: string) {
  const queryClient = useQueryClient();
  const [stop, setStop] = useState<PendingStop | null>(() => (uid ? readPending(localStorage, uid) : null));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const flush = useCallback(async () => {
    if (!uid) return;
    setSending(true);
    const send = (s: PendingStop) => stopTimer({ outcome: s.outcome, device_stopped_at: s.device_stopped_at, ...(s.notes.trim() ? { notes: s.notes } : {}) });
    const result = await flushPending(localStorage, uid, send);
    setSending(false);
    setStop(readPending(localStorage, uid));
    if (result.kind === 'refused') setRefusal(result.message);
    if (result.kind === 'sent') notify('Encerramento enviado.', 'success');
    if (result.kind === 'sent' || result.kind === 'refused') {
      const activities = getListActivitiesQueryKey()[0];
      void queryClient.invalidateQueries({ queryKey: getGetCurrentTimerQueryKey() });
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(activities) });
    }
  }, [uid, queryClient]);

  useEffect(() => {
    setStop(uid ? readPending(localStorage, uid) : null);
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [uid, flush]);

  const queue = useCallback(
    (s: PendingStop) => {
      writePending(localStorage, uid, s);
      setStop(s);
    },
    [uid],
  );
  return { stop, refusal, sending, flush, queue, dismissRefusal: () => setRefusal(null) };
}
