import {
  getListSaleSummaryLinksQueryKey,
  useCreateSaleSummaryLink,
  useListSaleSummaryLinks,
  useRevokeSaleSummaryLink,
  type Sale,
} from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  formatDateTime,
  notify,
} from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { absoluteUrl, LINK_STATE_COLORS, LINK_STATE_LABELS, REVOCATION_LABELS, VALIDITY_OPTIONS } from '../../../lib/summaryLinks';

const CLOSED = new Set(['cancelada', 'cancelamento_solicitado', 'descartada']);

/**
 * The sale's proposal summary links: create one (validity, verification — on by default when an item is a
 * procedure), copy its URL (shown only now: the server keeps only the token's hash), follow its views, revoke it.
 * Editing the sale revokes them by itself.
 */
export function SummaryLinksPanel({ sale, openCreate = false }: { sale: Sale; openCreate?: boolean }) {
  const queryClient = useQueryClient();
  const links = useListSaleSummaryLinks(sale.id);
  const create = useCreateSaleSummaryLink();
  const revoke = useRevokeSaleSummaryLink();
  const hasProcedure = sale.items.some((i) => i.kind === 'procedimento');
  const [hours, setHours] = useState('72');
  const [verify, setVerify] = useState(hasProcedure);
  const [creating, setCreating] = useState(openCreate);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListSaleSummaryLinksQueryKey(sale.id) });

  const submit = async () => {
    setError(null);
    try {
      const created = await create.mutateAsync({ id: sale.id, data: { expires_in_hours: Number(hours), require_verification: verify } });
      setUrl(absoluteUrl(created.url, window.location.origin));
      setCreating(false);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields[0]?.message ?? e.message) : String(e));
    }
    refresh();
  };
  const revokeLink = async (linkId: string) => {
    try {
      await revoke.mutateAsync({ id: sale.id, linkId });
      notify('Link revogado: quem o abrir verá que expirou.', 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    }
    refresh();
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Links de resumo
          </Title>
          {!CLOSED.has(sale.status) && !creating && (
            <Button variant="light" onClick={() => setCreating(true)}>
              Criar link de resumo
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Um link para o cliente ver a proposta sem entrar no sistema: itens, total, plano e dados do próximo pagamento. Nunca mostra documento
          completo, endereço, e-mail, telefone ou observações.
        </Text>
        {creating && (
          <Group align="end">
            <NativeSelect label="Validade" data={VALIDITY_OPTIONS} value={hours} onChange={(e) => setHours(e.currentTarget.value)} />
            <Switch
              label="Pedir data de nascimento ou fim do CPF"
              checked={verify}
              onChange={(e) => setVerify(e.currentTarget.checked)}
              description={hasProcedure ? 'Recomendado: a proposta tem procedimento (dado de saúde).' : undefined}
            />
            <Button onClick={() => void submit()} loading={create.isPending}>
              Gerar link
            </Button>
            <Button variant="default" onClick={() => setCreating(false)}>
              Cancelar
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {url && (
          <Alert color="green" title="Link criado: copie agora, ele não será mostrado de novo">
            <Group gap="xs" wrap="nowrap">
              <TextInput aria-label="Link de resumo" value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button onClick={copy} variant="light">
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        {links.data && links.data.length > 0 && (
          <Table aria-label="Links de resumo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Criado em</Table.Th>
                <Table.Th>Validade</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Verificação</Table.Th>
                <Table.Th>Visualizações</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{formatDateTime(l.created_at)}</Table.Td>
                  <Table.Td>{formatDateTime(l.expires_at)}</Table.Td>
                  <Table.Td>
                    <Badge color={LINK_STATE_COLORS[l.state]} variant="light" tt="none">
                      {LINK_STATE_LABELS[l.state]}
                    </Badge>
                    {l.revoked_reason && (
                      <Text size="xs" c="dimmed">
                        {REVOCATION_LABELS[l.revoked_reason] ?? l.revoked_reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{l.require_verification ? 'Sim' : 'Não'}</Table.Td>
                  <Table.Td>
                    {l.view_count ? (
                      <Text size="sm">
                        {l.view_count}× · primeira {formatDateTime(l.first_viewed_at ?? '')} · última {formatDateTime(l.last_viewed_at ?? '')}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Ainda não aberto
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {l.state === 'ativo' && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => void revokeLink(l.id)}>
                        Revogar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
