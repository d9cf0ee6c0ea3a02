import { ApiError } from '@backoffice/api-client';
import type { BoletoDetail, BoletoInstructionKind } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Anchor, Button, ErrorPage, formatCentavos, formatDate, formatDateTime, Group, Link, Modal, Navigate, notify, Paper, SimpleGrid, Spinner, Stack, Text, Title, useSearchParams, CopyButton, Timeline, LabeledValue } from '@backoffice/ui';
import { useEffect, useState } from 'react';
import { EVENT_LABELS, INSTRUCTION_LABELS, occurrenceText, percentLabel } from '../../../lib/boletos/boletoModel';
import { BoletoStatusBadge } from '../../../lib/boletos/BoletoStatusBadge';
import { boletoPdfUrl, downloadBoletoPdf, useBoleto } from '../api/boletoQueries';
import { Barcode } from './Barcode';
import { InstructionForm } from './InstructionForm';
import { PixQr } from './PixQr';

/** `/boletos/detalhes?id=`: no id → the list; an unknown one → the remote's 404. */
export default function BoletoDetailPage({ route }: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const boleto = useBoleto(id);
  if (!id) return <Navigate to="/boletos" replace />;
  if (boleto.isPending) return <Spinner />;
  if (boleto.isError) {
    if (boleto.error instanceof ApiError && boleto.error.status === 404) return <ErrorPage status={404} />;
    return (
      <Alert color="red" role="alert" title="Não foi possível abrir o boleto">
        {boleto.error.message}
      </Alert>
    );
  }
  return <BoletoView title={route.title} boleto={boleto.data} />;
}

const INSTRUCTIONS: BoletoInstructionKind[] = ['BAIXA', 'ALTERACAO_VENCIMENTO', 'ABATIMENTO', 'PROTESTO', 'SUSTAR_PROTESTO'];

function BoletoView({ title, boleto }: { title: string; boleto: BoletoDetail }) {
  const mayInstruct = usePermission('boletos_emitir');
  const [instruction, setInstruction] = useState<BoletoInstructionKind | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const registered = boleto.status === 'REGISTRADO';
  const download = async () => {
    try {
      await downloadBoletoPdf(boleto.id);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Não foi possível baixar o PDF.', 'error');
    }
  };
  const showPreview = async () => {
    try {
      setPreview(await boletoPdfUrl(boleto.id));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Não foi possível abrir o PDF.', 'error');
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Anchor component={Link} to="/boletos" size="sm">
            ← Boletos
          </Anchor>
          <Title order={1}>{`${title} ${boleto.nosso_numero_formatted}`}</Title>
        </Stack>
        <Group gap="xs">
          <BoletoStatusBadge status={boleto.status} />
          <Button variant="default" onClick={() => void download()}>
            Baixar PDF
          </Button>
          <Button variant="default" onClick={() => void showPreview()}>
            Visualizar PDF
          </Button>
          {boleto.status === 'EMITIDO' && (
            <Button component={Link} to={`/remessa?convenio=${boleto.agreement_id}`} variant="light">
              Incluir em remessa
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            Linha digitável
          </Text>
          <Group gap="xs">
            <Text ff="monospace" fw={600} size="lg" data-testid="linha-digitavel">
              {boleto.linha_digitavel_formatted}
            </Text>
            <CopyButton value={boleto.linha_digitavel}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? 'Copiado' : 'Copiar linha digitável'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Barcode digits={boleto.barcode} />
          <Text size="xs" c="dimmed" ff="monospace">
            {boleto.barcode}
          </Text>
        </Stack>
      </Paper>
      {boleto.pix_copia_e_cola && (
        <Paper withBorder p="md" radius="md">
          <Group align="flex-start" wrap="nowrap">
            <PixQr text={boleto.pix_copia_e_cola} />
            <Stack gap="xs" style={{ minWidth: 0 }}>
              <Text fw={600}>PIX copia e cola</Text>
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {boleto.pix_copia_e_cola}
              </Text>
              <CopyButton value={boleto.pix_copia_e_cola}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'green' : undefined} onClick={copy} w="fit-content">
                    {copied ? 'Copiado' : 'Copiar PIX'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Group>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={2} spacing="sm">
            <LabeledValue label="Pagador">{`${boleto.payer_name} (${boleto.payer_document_formatted})`}</LabeledValue>
            <LabeledValue label="Endereço">{boleto.payer_address_line}</LabeledValue>
            <LabeledValue label="Título/parcela">
              <Anchor component={Link} to={`/recebimentos?periodo=todos&parcela=${boleto.installment_id}`}>
                {boleto.seu_numero}
              </Anchor>
            </LabeledValue>
            <LabeledValue label="Convênio">{boleto.agreement_name}</LabeledValue>
            <LabeledValue label="Emissão">{formatDate(boleto.issue_date)}</LabeledValue>
            <LabeledValue label="Vencimento">{formatDate(boleto.due_date)}</LabeledValue>
            <LabeledValue label="Valor">{formatCentavos(boleto.amount_cents)}</LabeledValue>
            <LabeledValue label="Multa / juros">{`${percentLabel(boleto.fine_bp)} / ${percentLabel(boleto.interest_monthly_bp)} a.m. (${formatCentavos(boleto.interest_per_day_cents)} ao dia)`}</LabeledValue>
            {boleto.abatement_cents > 0 && <LabeledValue label="Abatimento">{formatCentavos(boleto.abatement_cents)}</LabeledValue>}
            {boleto.paid_date && <LabeledValue label="Pago em">{`${formatDate(boleto.paid_date)} · ${formatCentavos(boleto.paid_cents ?? 0)}`}</LabeledValue>}
            {boleto.last_occurrence_code && <LabeledValue label="Última ocorrência">{occurrenceText(boleto.last_occurrence_code, boleto.last_occurrence_text)}</LabeledValue>}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="sm" style={{ whiteSpace: 'pre-line' }}>
            {boleto.instructions}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Linha do tempo
          </Title>
          <Timeline active={boleto.events.length} bulletSize={14} lineWidth={2}>
            {boleto.events.map((e) => (
              <Timeline.Item key={e.id} title={e.remittance_number ? `${EVENT_LABELS[e.kind] ?? e.kind} ${e.remittance_number}` : (EVENT_LABELS[e.kind] ?? e.kind)}>
                <Text size="sm">{e.description}</Text>
                {e.bank_code && (
                  <Text size="xs">
                    Banco: {e.bank_code} {e.bank_text}
                  </Text>
                )}
                {e.amount_cents != null && e.kind === 'LIQUIDADO' && <Text size="xs">Valor pago: {formatCentavos(e.amount_cents)}</Text>}
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)} · {e.by_name}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {mayInstruct && (
            <Stack gap="xs" mt="md">
              <Text size="sm" fw={600}>
                Instruções ao banco
              </Text>
              {!registered && (
                <Text size="xs" c="dimmed">
                  Instruções só em boletos registrados.
                </Text>
              )}
              <Group gap="xs">
                {INSTRUCTIONS.map((kind) => (
                  <Button key={kind} size="xs" variant="default" disabled={!registered} onClick={() => setInstruction(kind)}>
                    {INSTRUCTION_LABELS[kind]}
                  </Button>
                ))}
              </Group>
              {boleto.instruction_requests.filter((i) => i.pending).map((i) => (
                <Text key={i.id} size="xs">
                  Pendente para a próxima remessa: {INSTRUCTION_LABELS[i.kind] ?? i.kind}
                </Text>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      <Modal opened={instruction !== null} onClose={() => setInstruction(null)} title={instruction ? INSTRUCTION_LABELS[instruction] : ''} centered>
        {instruction && <InstructionForm boleto={boleto} kind={instruction} onDone={() => setInstruction(null)} />}
      </Modal>
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={`Boleto ${boleto.nosso_numero_formatted}`} size="xl" centered>
        {preview && <iframe title="PDF do boleto" src={preview} style={{ width: '100%', height: '75vh', border: 0 }} />}
      </Modal>
    </Stack>
  );
}
