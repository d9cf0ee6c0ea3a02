import type { Activity } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Button, Group, Modal, Spinner, Stack, Text } from '@backoffice/ui';
import { useState } from 'react';
import { useActivities } from '../api/activityQueries';
import { ActivityForm, CompleteForm } from './ActivityForms';
import { ActivityTable } from './ActivityTable';

/** The client page's *Atividades* tab: the client's activities the user reaches, newest due first among the open. */
export function ClientActivities({ clientId }: { clientId: string }) {
  const mayWrite = usePermission('atividades_editar');
  const mayRead = usePermission('atividades_ler');
  const list = useActivities({ client_id: clientId, page_size: 100 }, { query: { enabled: mayRead } });
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit' | 'complete'; activity: Activity } | null>(null);
  const close = () => setDialog(null);
  if (!mayRead) return <Text c="dimmed">As atividades são da equipe de vendas.</Text>;
  return (
    <Stack gap="sm">
      {mayWrite && (
        <Group justify="flex-end">
          <Button size="xs" onClick={() => setDialog({ kind: 'new' })}>
            Nova atividade
          </Button>
        </Group>
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar as atividades">
          {list.error.message}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">Nenhuma atividade com este cliente.</Text>
      ) : (
        <ActivityTable items={list.data.items} showClient={false} onComplete={(a) => setDialog({ kind: 'complete', activity: a })} onEdit={(a) => setDialog({ kind: 'edit', activity: a })} />
      )}
      <Modal opened={dialog !== null} onClose={close} centered title={dialog?.kind === 'complete' ? 'Concluir atividade' : dialog?.kind === 'edit' ? 'Editar atividade' : 'Nova atividade'}>
        {dialog?.kind === 'new' && <ActivityForm activity={null} clientId={clientId} mayAssign={false} onDone={close} />}
        {dialog?.kind === 'edit' && <ActivityForm activity={dialog.activity} mayAssign={false} onDone={close} />}
        {dialog?.kind === 'complete' && <CompleteForm activity={dialog.activity} onDone={close} />}
      </Modal>
    </Stack>
  );
}
