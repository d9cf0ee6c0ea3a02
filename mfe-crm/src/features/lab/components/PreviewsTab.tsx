import type { PreviewFeature } from '@backoffice/api-client/endpoints';
import { useListTeams } from '@backoffice/api-client/endpoints';
import { Alert, Badge, Button, formatDateTime, Group, NativeSelect, notify, Paper, Spinner, Stack, Table, Text, Title, todayInSaoPaulo } from '@backoffice/ui';
import { useMemo, useState } from 'react';
import { usePickers } from '../../../lib/pickers';
import { byPrecedence, KIND_LABELS, ROLE_LABELS, subjectLabel, type SubjectKind, type SubjectNames } from '../api/labModel';
import { useGrantMutations, usePreviews } from '../api/labQueries';

const failed = (e: unknown) => notify(e instanceof Error ? e.message : String(e), 'error');

/**
 * *Recursos em prévia*: each CRM feature in pilot with its default and its grants; a grant turns it on or off for a
 * role, a team or a user (the user's grant wins over their team's, which wins over their role's).
 */
export function PreviewsTab() {
  const previews = usePreviews();
  const teams = useListTeams({ month: todayInSaoPaulo().slice(0, 7) });
  const { users } = usePickers();
  const names = useMemo<SubjectNames>(
    () => ({
      teams: new Map((teams.data ?? []).map((t) => [t.id, t.name])),
      users: new Map((users.data ?? []).map((u) => [u.uid, u.name])),
    }),
    [teams.data, users.data],
  );
  const options = {
    papel: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })),
    time: (teams.data ?? []).map((t) => ({ value: t.id, label: t.name })),
    usuario: (users.data ?? []).map((u) => ({ value: u.uid, label: u.name })),
  };
  if (previews.isPending) return <Spinner label="Carregando os recursos em prévia…" />;
  if (previews.isError) {
    return (
      <Alert color="red" role="alert" title="Não foi possível carregar os recursos em prévia">
        {previews.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Quem não tem liberação recebe o padrão do recurso. A liberação de um usuário vale sobre a do time dele, que vale sobre a do papel.
      </Text>
      {previews.data.map((feature) => (
        <FeatureCard key={feature.code} feature={feature} names={names} options={options} />
      ))}
    </Stack>
  );
}

type Options = Record<SubjectKind, { value: string; label: string }[]>;

function FeatureCard({ feature, names, options }: { feature: PreviewFeature; names: SubjectNames; options: Options }) {
  const { set, remove } = useGrantMutations();
  const [kind, setKind] = useState<SubjectKind>('papel');
  const [subject, setSubject] = useState('');
  const [enabled, setEnabled] = useState('ligar');
  const choices = options[kind];
  const chosen = subject || choices[0]?.value || '';
  const apply = () =>
    set
      .mutateAsync({ code: feature.code, kind, subject: chosen, data: { enabled: enabled === 'ligar' } })
      .then(() => notify(`${feature.label}: ${enabled === 'ligar' ? 'ligado' : 'desligado'} para ${subjectLabel(kind, chosen, names)}.`, 'success'), failed);
  return (
    <Paper withBorder p="md" radius="md" aria-label={feature.label}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3}>{feature.label}</Title>
          <Badge color={feature.default_enabled ? 'green' : 'gray'} variant="light">
            Padrão: {feature.default_enabled ? 'ligado' : 'desligado'}
          </Badge>
        </Group>
        <Text size="sm">{feature.description}</Text>
        <Text size="xs" c="dimmed">
          Código: {feature.code}
        </Text>
        {feature.grants.length > 0 ? (
          <Table aria-label={`Liberações de ${feature.label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Para</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Alterado em</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {byPrecedence(feature.grants).map((g) => (
                <Table.Tr key={`${g.subject_kind}/${g.subject_id}`}>
                  <Table.Td>{subjectLabel(g.subject_kind, g.subject_id, names)}</Table.Td>
                  <Table.Td>
                    <Badge color={g.enabled ? 'green' : 'red'} variant="light">
                      {g.enabled ? 'Ligado' : 'Desligado'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(g.updated_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={remove.isPending}
                      onClick={() => void remove.mutateAsync({ code: feature.code, kind: g.subject_kind, subject: g.subject_id }).catch(failed)}
                    >
                      Remover
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Sem liberações: vale o padrão para todos.
          </Text>
        )}
        <Group align="flex-end" gap="xs">
          <NativeSelect
            label="Para"
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value as SubjectKind);
              setSubject('');
            }}
            data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <NativeSelect label={KIND_LABELS[kind]} value={chosen} onChange={(e) => setSubject(e.currentTarget.value)} data={choices} disabled={choices.length === 0} />
          <NativeSelect
            label="Situação"
            value={enabled}
            onChange={(e) => setEnabled(e.currentTarget.value)}
            data={[
              { value: 'ligar', label: 'Ligado' },
              { value: 'desligar', label: 'Desligado' },
            ]}
          />
          <Button onClick={() => void apply()} loading={set.isPending} disabled={!chosen}>
            Aplicar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
