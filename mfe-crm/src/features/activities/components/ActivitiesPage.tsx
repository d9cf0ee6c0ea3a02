import type { Activity } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Button, Group, Modal, NativeSelect, Paper, Select, Spinner, Stack, Tabs, Text, Title } from '@backoffice/ui';
import { useState } from 'react';
import { usePickers } from '../../../lib/pickers';
import { KIND_LABELS, options, OUTCOME_LABELS, TABS, type TabKey } from '../api/activityModel';
import { useActivities } from '../api/activityQueries';
import { ActivityCalendar } from './ActivityCalendar';
import { ActivityForm, BulkForm, CompleteForm } from './ActivityForms';
import { ActivityTable } from './ActivityTable';

type Dialog = { kind: 'new' } | { kind: 'edit'; activity: Activity } | { kind: 'complete'; activity: Activity } | { kind: 'bulk'; mode: 'reagendar' | 'reatribuir' } | null;

/** `/crm/atividades`: the salesperson's day (a manager: the team's), as tabs or a calendar. */
export default function ActivitiesPage(_props: PageProps) {
  const mayWrite = usePermission('atividades_editar');
  const mayManage = usePermission('atividades_gerenciar');
  const { users } = usePickers();
  const [tab, setTab] = useState<TabKey>('hoje');
  const [calendar, setCalendar] = useState(false);
  const [kind, setKind] = useState('');
  const [outcome, setOutcome] = useState('');
  const [owner, setOwner] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const filters = { ...(kind ? { kind } : {}), ...(outcome ? { outcome } : {}), ...(owner ? { owner_id: owner } : {}) };
  const list = useActivities({ tab, ...filters, page, page_size: 50 });
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const close = () => setDialog(null);
  const open = (a: Activity) => setDialog(a.done_at || !mayWrite ? { kind: 'edit', activity: a } : { kind: 'complete', activity: a });
  const changeTab = (value: string | null) => {
    setTab((TABS.find((t) => t.value === value)?.value ?? 'hoje') as TabKey);
    setPage(1);
    setSelected(new Set());
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Atividades</Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setCalendar(!calendar)}>
            {calendar ? 'Ver lista' : 'Ver calendário'}
          </Button>
          {mayWrite && <Button onClick={() => setDialog({ kind: 'new' })}>Nova atividade</Button>}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <NativeSelect label="Tipo" value={kind} onChange={(e) => setKind(e.currentTarget.value)} data={[{ value: '', label: 'Todos' }, ...options(KIND_LABELS)]} />
        <NativeSelect label="Resultado" value={outcome} onChange={(e) => setOutcome(e.currentTarget.value)} data={[{ value: '', label: 'Todos' }, ...options(OUTCOME_LABELS)]} />
        {mayManage && (
          <Select label="Responsável" value={owner} onChange={setOwner} clearable searchable placeholder="Todos do time" data={(users.data ?? []).map((u) => ({ value: u.uid, label: u.name }))} />
        )}
      </Group>
      {calendar ? (
        <ActivityCalendar filters={filters} onOpen={open} />
      ) : (
        <Tabs value={tab} onChange={changeTab} keepMounted={false}>
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Stack gap="sm" pt="md">
            {mayManage && selected.size > 0 && (
              <Paper withBorder p="xs" radius="md">
                <Group gap="sm">
                  <Text size="sm">{selected.size} selecionada(s)</Text>
                  <Button size="xs" onClick={() => setDialog({ kind: 'bulk', mode: 'reagendar' })}>
                    Reagendar
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'bulk', mode: 'reatribuir' })}>
                    Reatribuir
                  </Button>
                  <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                    Limpar seleção
                  </Button>
                </Group>
              </Paper>
            )}
            {list.isPending ? (
              <Spinner />
            ) : list.isError ? (
              <Alert color="red" role="alert" title="Não foi possível carregar as atividades">
                {list.error.message}
              </Alert>
            ) : list.data.items.length === 0 ? (
              <Text c="dimmed">Nenhuma atividade nesta aba.</Text>
            ) : (
              <>
                <ActivityTable
                  items={list.data.items}
                  selected={selected}
                  onSelect={mayManage && tab !== 'concluidas' ? select : undefined}
                  onComplete={(a) => setDialog({ kind: 'complete', activity: a })}
                  onEdit={(a) => setDialog({ kind: 'edit', activity: a })}
                />
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {list.data.total} atividade(s)
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Anterior
                    </Button>
                    <Button size="xs" variant="default" disabled={page * list.data.page_size >= list.data.total} onClick={() => setPage(page + 1)}>
                      Próxima
                    </Button>
                  </Group>
                </Group>
              </>
            )}
          </Stack>
        </Tabs>
      )}
      <Modal opened={dialog !== null} onClose={close} centered title={dialogTitle(dialog)}>
        {dialog?.kind === 'new' && <ActivityForm activity={null} mayAssign={mayManage} onDone={close} />}
        {dialog?.kind === 'edit' && <ActivityForm activity={dialog.activity} mayAssign={mayManage} onDone={close} />}
        {dialog?.kind === 'complete' && <CompleteForm activity={dialog.activity} onDone={close} />}
        {dialog?.kind === 'bulk' && (
          <BulkForm
            ids={[...selected]}
            mode={dialog.mode}
            onDone={() => {
              setSelected(new Set());
              close();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function dialogTitle(dialog: Dialog): string {
  switch (dialog?.kind) {
    case 'new':
      return 'Nova atividade';
    case 'edit':
      return dialog.activity.done_at ? 'Anotações da atividade' : 'Editar atividade';
    case 'complete':
      return `Concluir: ${dialog.activity.subject}`;
    case 'bulk':
      return dialog.mode === 'reagendar' ? 'Reagendar atividades' : 'Reatribuir atividades';
    default:
      return '';
  }
}
