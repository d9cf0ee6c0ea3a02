import type { TargetsDto, Team } from '@backoffice/api-client/endpoints';
import { Alert, Button, formatHundredths, Group, notify, Paper, parseHundredths, Stack, Table, Text, TextInput } from '@backoffice/ui';
import { useState } from 'react';
import { currentMembers, distributionGaps, EMPTY_TARGETS, formatTarget, TARGETS, type TargetKey } from '../api/teamModel';
import { useTeamMutations } from '../api/teamQueries';

/** What a target input holds: money as `1.234,56`, counts as digits. */
function toText(key: TargetKey, value: number): string {
  return key === 'sales_value_cents' ? formatHundredths(value) : String(value);
}

function fromText(key: TargetKey, text: string): number | null {
  if (key === 'sales_value_cents') return parseHundredths(text);
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

type Draft = Record<TargetKey, string>;

function draftOf(t: TargetsDto): Draft {
  return Object.fromEntries(TARGETS.map(({ key }) => [key, toText(key, t[key])])) as Draft;
}

function parse(draft: Draft): TargetsDto | null {
  const out = { ...EMPTY_TARGETS };
  for (const { key } of TARGETS) {
    const value = fromText(key, draft[key]);
    if (value === null) return null;
    out[key] = value;
  }
  return out;
}

/**
 * The month's targets: the team's (ADMIN sets them; they are split evenly over the members) and each member's part,
 * which the manager redistributes. The parts must sum to the team's, metric by metric: the table says by how much
 * they are off before saving. A past month is read-only.
 */
export function TargetsSection({ team, mayManage, mayDistribute }: { team: Team; mayManage: boolean; mayDistribute: boolean }) {
  const { setTargets, distribute } = useTeamMutations();
  const [teamDraft, setTeamDraft] = useState<Draft | null>(null);
  const [parts, setParts] = useState<Record<string, Draft> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = !team.month_closed;
  const members = currentMembers(team);
  const partOf = (uid: string) => team.member_targets.find((m) => m.user_id === uid)?.targets ?? EMPTY_TARGETS;

  const saveTeam = async () => {
    const parsed = teamDraft && parse(teamDraft);
    if (!parsed) return setError('Preencha as metas com números (valor em reais: 1.234,56).');
    try {
      await setTargets.mutateAsync({ id: team.id, month: team.month, data: parsed });
      notify('Metas do time salvas e divididas entre os integrantes.', 'success');
      setTeamDraft(null);
      setError(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };
  const parsedParts = parts ? Object.entries(parts).map(([uid, d]) => [uid, parse(d)] as const) : [];
  const invalid = parsedParts.some(([, t]) => t === null);
  const gaps = team.targets && !invalid ? distributionGaps(team.targets, parsedParts.map(([, t]) => t as TargetsDto)) : [];
  const saveParts = async () => {
    if (!parts || invalid) return;
    try {
      await distribute.mutateAsync({
        id: team.id,
        month: team.month,
        data: { members: parsedParts.map(([user_id, targets]) => ({ user_id, targets: targets as TargetsDto })) },
      });
      notify('Metas dos integrantes salvas.', 'success');
      setParts(null);
      setError(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  return (
    <Stack gap="xs">
      {team.month_closed && <Text size="sm" c="dimmed">Mês fechado: as metas não mudam mais.</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table aria-label="Metas do mês" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Quem</Table.Th>
              {TARGETS.map(({ key, label }) => (
                <Table.Th key={key} scope="col" ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr fw={600}>
              <Table.Td>Time</Table.Td>
              {TARGETS.map(({ key, label }) => (
                <Table.Td key={key} ta="right">
                  {teamDraft ? (
                    <TextInput size="xs" aria-label={`Meta do time: ${label}`} value={teamDraft[key]} onChange={(e) => setTeamDraft({ ...teamDraft, [key]: e.currentTarget.value })} />
                  ) : team.targets ? (
                    formatTarget(key, team.targets[key])
                  ) : (
                    '—'
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
            {members.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.name}</Table.Td>
                {TARGETS.map(({ key, label }) => (
                  <Table.Td key={key} ta="right">
                    {parts ? (
                      <TextInput
                        size="xs"
                        aria-label={`Meta de ${m.name}: ${label}`}
                        value={parts[m.user_id]?.[key] ?? ''}
                        onChange={(e) => setParts({ ...parts, [m.user_id]: { ...(parts[m.user_id] ?? draftOf(EMPTY_TARGETS)), [key]: e.currentTarget.value } })}
                      />
                    ) : (
                      formatTarget(key, partOf(m.user_id)[key])
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {parts && gaps.length > 0 && (
        <Text size="sm" c="red" role="status">
          {gaps.map((g) => `${g.label}: ${g.difference > 0 ? 'faltam' : 'passam'} ${formatTarget(g.key, Math.abs(g.difference))}`).join('; ')}
        </Text>
      )}
      {open && (
        <Group gap="xs">
          {mayManage && !teamDraft && !parts && (
            <Button size="xs" variant="default" onClick={() => setTeamDraft(draftOf(team.targets ?? EMPTY_TARGETS))}>
              Definir metas do time
            </Button>
          )}
          {teamDraft && (
            <>
              <Button size="xs" onClick={() => void saveTeam()} loading={setTargets.isPending}>
                Salvar metas do time
              </Button>
              <Button size="xs" variant="default" onClick={() => setTeamDraft(null)}>
                Cancelar
              </Button>
            </>
          )}
          {mayDistribute && team.targets && members.length > 0 && !parts && !teamDraft && (
            <Button size="xs" variant="default" onClick={() => setParts(Object.fromEntries(members.map((m) => [m.user_id, draftOf(partOf(m.user_id))])))}>
              Redistribuir entre os integrantes
            </Button>
          )}
          {parts && (
            <>
              <Button size="xs" onClick={() => void saveParts()} disabled={invalid || gaps.length > 0} loading={distribute.isPending}>
                Salvar distribuição
              </Button>
              <Button size="xs" variant="default" onClick={() => setParts(null)}>
                Cancelar
              </Button>
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}
