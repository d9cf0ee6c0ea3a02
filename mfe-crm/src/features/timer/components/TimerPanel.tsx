import type { Activity, Timer } from '@backoffice/api-client/endpoints';
import { Alert, Button, Form, FormErrors, Group, Modal, NativeSelectField, notify, Stack, Text, TextareaField, useZodForm } from '@backoffice/ui';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { KIND_LABELS, options, OUTCOME_LABELS } from '../../../lib/activityVocabulary';
import { formatDuration, isNetworkFailure, shownSeconds, type PendingStop } from '../api/timerModel';
import { useTimerMutations } from '../api/timerQueries';

interface Props {
  timer: Timer;
  /** When the timer was read (device time, ms): the count goes on from there. */
  readAt: number;
  /** The activity the page was opened for, if any. */
  askedFor: string | null;
  onQueued: (stop: PendingStop) => void;
  onFinished: (activity: Activity) => void;
}

/** What is timed, for a person. */
export function timerLabel(timer: Timer): string {
  return timer.subject ?? `${KIND_LABELS[timer.kind] ?? timer.kind}${timer.client_name ? ` com ${timer.client_name}` : ''}`;
}

/** The device's time every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return undefined;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [ticking]);
  return now;
}

/** The running or paused timer: big digits and big buttons. */
export function TimerPanel({ timer, readAt, askedFor, onQueued, onFinished }: Props) {
  const { pause, resume, discard, refresh } = useTimerMutations();
  const running = timer.state === 'running';
  const seconds = shownSeconds(timer, readAt, useNow(running));
  // The device's time when Encerrar was pressed: what a stop queued offline carries.
  const [stoppedAt, setStoppedAt] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const label = timerLabel(timer);
  // Encerrar pauses a running timer first, so the minutes spent typing the outcome are not counted; closing the
  // form leaves it paused (Retomar continues). Offline, the pause fails and the device's time is what counts.
  const askToStop = async () => {
    const at = new Date().toISOString();
    if (running) await pause.mutateAsync().catch(() => undefined);
    setStoppedAt(at);
  };
  const act = (run: () => Promise<unknown>) => () =>
    void run().catch((error: unknown) => {
      notify(error instanceof Error ? error.message : 'Não foi possível concluir a operação.', 'error');
      void refresh();
    });
  return (
    <Stack gap="lg">
      {askedFor && timer.activity_id !== askedFor && (
        <Alert color="yellow" title="Você já tem um cronômetro em andamento">
          Encerre ou descarte este cronômetro antes de cronometrar outra atividade.
        </Alert>
      )}
      <Stack gap={4} align="center">
        <Text size="xl" fw={600} ta="center">
          {label}
        </Text>
        {timer.subject && timer.client_name && <Text c="dimmed">{timer.client_name}</Text>}
      </Stack>
      <Text role="timer" aria-label="Tempo do atendimento" ta="center" ff="monospace" fw={700} style={{ fontSize: 'clamp(3.5rem, 20vw, 9rem)', lineHeight: 1.1 }}>
        {formatDuration(seconds)}
      </Text>
      <Text ta="center" fw={600} c={running ? 'green' : 'orange'}>
        {running ? 'Em andamento' : 'Pausado'}
      </Text>
      {running ? (
        <Button size="xl" h={72} variant="default" onClick={act(() => pause.mutateAsync())} loading={pause.isPending}>
          Pausar
        </Button>
      ) : (
        <Button size="xl" h={72} onClick={act(() => resume.mutateAsync())} loading={resume.isPending}>
          Retomar
        </Button>
      )}
      <Button size="xl" h={72} color="red" onClick={() => void askToStop()} loading={pause.isPending && stoppedAt === null}>
        Encerrar
      </Button>
      <Button variant="subtle" color="gray" onClick={() => setDiscarding(true)}>
        Descartar cronômetro
      </Button>
      <Modal opened={stoppedAt !== null} onClose={() => setStoppedAt(null)} centered title="Encerrar atendimento">
        {stoppedAt && (
          <StopForm
            label={label}
            stoppedAt={stoppedAt}
            onQueued={(stop) => {
              setStoppedAt(null);
              onQueued(stop);
            }}
            onDone={onFinished}
          />
        )}
      </Modal>
      <Modal opened={discarding} onClose={() => setDiscarding(false)} centered title="Descartar o cronômetro?">
        <Stack gap="md">
          <Text>O tempo contado é perdido e a atividade continua pendente.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(false)}>
              Voltar
            </Button>
            <Button color="red" onClick={act(() => discard.mutateAsync())} loading={discard.isPending}>
              Descartar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const LABELS = { outcome: 'Resultado', notes: 'Anotações', device_stopped_at: 'Horário do encerramento' };

const stopSchema = z.object({
  outcome: z.string().min(1, 'Informe o resultado.'),
  notes: z.string().max(4000, 'As anotações têm no máximo 4000 caracteres.'),
});
type StopValues = z.input<typeof stopSchema>;

/** Outcome (required) and notes; a stop that cannot reach the server is queued with the device's time. */
function StopForm({ label, stoppedAt, onQueued, onDone }: { label: string; stoppedAt: string; onQueued: (stop: PendingStop) => void; onDone: (a: Activity) => void }) {
  const { stop } = useTimerMutations();
  const form = useZodForm(stopSchema, { defaultValues: { outcome: '', notes: '' } });
  const submit = async (v: z.output<typeof stopSchema>) => {
    try {
      const done = await stop.mutateAsync({ outcome: v.outcome, ...(v.notes.trim() ? { notes: v.notes } : {}) });
      notify('Atendimento encerrado.', 'success');
      onDone(done);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      onQueued({ outcome: v.outcome, notes: v.notes, device_stopped_at: stoppedAt, label });
    }
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} aria-label="Encerrar atendimento">
      <Stack gap="sm">
        <FormErrors labels={LABELS} />
        <NativeSelectField<StopValues> name="outcome" label="Resultado" size="lg" data={[{ value: '', label: 'Escolha o resultado' }, ...options(OUTCOME_LABELS)]} withAsterisk />
        <TextareaField<StopValues> name="notes" label="Anotações" size="lg" autosize minRows={3} />
        <Button type="submit" size="xl" color="red" loading={form.formState.isSubmitting}>
          Encerrar atendimento
        </Button>
      </Stack>
    </Form>
  );
}
