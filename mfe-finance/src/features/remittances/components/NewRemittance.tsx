import { ApiError } from '@backoffice/api-client';
import type { RemittancePendingItem } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Button, Checkbox, formatCentavos, formatDate, Group, Link, NativeSelect, notify, Paper, Spinner, Stack, Table, Text, Title, useNavigate, useSearchParams } from '@backoffice/ui';
import { useState } from 'react';
import { useCollectionAgreementOptions } from '../../../lib/boletos/boletoHooks';
import { INSTRUCTION_LABELS, itemCount, pendingKey, selectPending } from '../api/remittanceModel';
import { useCreateRemittance, useRemittanceAction, usePendingItems } from '../api/remittanceQueries';

/** The table shows this many pending items; the rest go with them (and are counted in the summary). */
const SHOWN = 300;

/** What the detail page shows when the first "Gerar arquivo" found problems (the draft exists; fix and retry). */
export interface GenerationFailure {
  message: string;
  findings: string[];
}

/**
 * `/remessa` ("Nova remessa de cobrança"): a convênio (prefilled by `?convenio=`), its pending items — EMITIDO
 * boletos in no live remessa and pending instructions —, all selected, with count and total; "Gerar arquivo" makes
 * the draft and generates it in one go and opens it (`/remessa?id=`), where the file is downloaded and marked sent.
 */
export function NewRemittance({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const agreementId = params.get('convenio') ?? '';
  const agreements = useCollectionAgreementOptions();
  const pending = usePendingItems(agreementId);
  const create = useCreateRemittance();
  const act = useRemittanceAction();
  const [excluded, setExcluded] = useState<{ agreement: string; keys: Set<string> }>({ agreement: agreementId, keys: new Set() });
  // Another convênio starts with everything selected again.
  const keys = excluded.agreement === agreementId ? excluded.keys : new Set<string>();
  const active = (agreements.data?.items ?? []).filter((a) => a.active);
  const agreement = active.find((a) => a.id === agreementId);
  const items = pending.data?.items ?? [];
  const selection = selectPending(items, keys);
  const busy = create.isPending || act.isPending;

  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('convenio', id);
        else next.delete('convenio');
        return next;
      },
      { replace: true },
    );
  const toggle = (item: RemittancePendingItem, on: boolean) => {
    const next = new Set(keys);
    if (on) next.delete(pendingKey(item));
    else next.add(pendingKey(item));
    setExcluded({ agreement: agreementId, keys: next });
  };
  const toggleAll = (on: boolean) => setExcluded({ agreement: agreementId, keys: on ? new Set() : new Set(items.map(pendingKey)) });

  const generate = async () => {
    let draftId: string;
    try {
      const draft = await create.mutateAsync({ agreement_id: agreementId, ...(selection.request ?? {}) });
      draftId = draft.remittance.id;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Não foi possível criar a remessa.', 'error');
      return;
    }
    try {
      const generated = await act.mutateAsync({ id: draftId, action: 'generate' });
      notify(`Remessa ${generated.remittance.number} gerada: sequencial ${generated.remittance.sequence ?? '—'}, ${itemCount(generated.remittance.item_count)}.`, 'success');
      navigate(`/remessa?id=${draftId}`);
    } catch (error) {
      const failure: GenerationFailure = {
        message: error instanceof Error ? error.message : 'Não foi possível gerar o arquivo.',
        findings: error instanceof ApiError ? error.fields.map((f) => f.message) : [],
      };
      navigate(`/remessa?id=${draftId}`, { state: { failure } });
    }
  };

  const options = [{ value: '', label: 'Escolha o convênio' }, ...active.map((a) => ({ value: a.id, label: `${a.name} · ${a.bank} ${a.bank_name} · ${a.layout === 'CNAB240' ? 'CNAB 240' : 'CNAB 400'}` }))];
  const allOn = items.length > 0 && keys.size === 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Anchor component={Link} to="/remessas" size="sm">
            ← Remessas
          </Anchor>
          <Title order={1}>{title}</Title>
        </Stack>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <NativeSelect label="Convênio de cobrança" data={options} value={agreementId} onChange={(e) => choose(e.currentTarget.value)} disabled={agreements.isPending} />
          {agreement && (
            <Text size="sm" c="dimmed">
              {`Conta do convênio: banco ${agreement.bank} ${agreement.bank_name} · carteira ${agreement.carteira} · próximo sequencial de arquivo ${agreement.next_file_sequence}`}
            </Text>
          )}
          {agreementId && agreements.isSuccess && !agreement && (
            <Alert color="orange" role="alert">
              Convênio não encontrado ou inativo.
            </Alert>
          )}
        </Stack>
      </Paper>
      {agreement && pending.isPending && <Spinner label="Buscando itens pendentes…" />}
      {agreement && pending.isError && (
        <Alert color="red" role="alert" title="Não foi possível buscar os itens pendentes">
          {pending.error.message}
        </Alert>
      )}
      {agreement && pending.isSuccess && items.length === 0 && (
        <Alert color="blue">Nenhum boleto emitido nem instrução pendente neste convênio: não há o que enviar ao banco.</Alert>
      )}
      {agreement && items.length > 0 && (
        <>
          <Group justify="space-between" align="center">
            <Text fw={600} aria-live="polite" data-testid="remittance-selection">
              {`${itemCount(selection.count)} ${selection.count === 1 ? 'selecionado' : 'selecionados'} · ${formatCentavos(selection.totalCents)}`}
            </Text>
            <Button onClick={() => void generate()} loading={busy} disabled={selection.count === 0}>
              Gerar arquivo
            </Button>
          </Group>
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover aria-label="Itens pendentes de remessa" miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox aria-label="Selecionar todos" checked={allOn} indeterminate={keys.size > 0 && keys.size < items.length} onChange={(e) => toggleAll(e.currentTarget.checked)} />
                  </Table.Th>
                  <Table.Th>Nosso número</Table.Th>
                  <Table.Th>Pagador</Table.Th>
                  <Table.Th>Movimento</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.slice(0, SHOWN).map((item) => (
                  <Table.Tr key={pendingKey(item)}>
                    <Table.Td>
                      <Checkbox aria-label={`Incluir ${item.nosso_numero_formatted}`} checked={!keys.has(pendingKey(item))} onChange={(e) => toggle(item, e.currentTarget.checked)} />
                    </Table.Td>
                    <Table.Td ff="monospace">
                      <Anchor component={Link} to={`/boletos/detalhes?id=${item.boleto_id}`}>
                        {item.nosso_numero_formatted}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{item.payer_name}</Table.Td>
                    <Table.Td>{INSTRUCTION_LABELS[item.instruction] ?? item.instruction}</Table.Td>
                    <Table.Td>{formatDate(item.due_date)}</Table.Td>
                    <Table.Td ta="right">{formatCentavos(item.amount_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          {items.length > SHOWN && (
            <Text size="sm" c="dimmed">{`Mostrando ${SHOWN} de ${items.length.toLocaleString('pt-BR')} itens pendentes; os demais seguem selecionados.`}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
