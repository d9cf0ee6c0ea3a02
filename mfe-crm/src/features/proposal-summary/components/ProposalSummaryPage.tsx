import { readPublicSummary, type PublicSummary, type PublicSummaryResponse, type SummaryAnswerKind } from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import {
  Alert,
  Button,
  Container,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Spinner,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  formatCentavos,
  formatDate,
  formatDateTime,
} from '@backoffice/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { ANSWER_LABELS, ANSWER_PLACEHOLDERS, PAYMENT_LABELS, tokenFromHash, whatsappUrl } from '../api/summaryModel';

type Phase =
  | { kind: 'loading' }
  | { kind: 'answer'; kinds: SummaryAnswerKind[] }
  | { kind: 'summary'; summary: PublicSummary }
  | { kind: 'refused'; message: string };

const NO_TOKEN = 'Este link está incompleto. Abra o link exatamente como o recebeu ou peça um novo ao seu consultor.';

function phaseOf(response: PublicSummaryResponse): Phase {
  if (response.summary) return { kind: 'summary', summary: response.summary };
  return { kind: 'answer', kinds: response.answer_kinds };
}

/**
 * `/resumo-temporario#t=…` (no layout, no sign-in): the proposal a salesperson sent, for the client. The token
 * stays in the fragment and goes to the server only in the body of the public call; when the link asks for
 * it, the client answers the birth date or the document's last 4 digits first.
 */
export default function ProposalSummaryPage() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'loading' } : { kind: 'refused', message: NO_TOKEN }));

  useEffect(() => {
    if (!token) return;
    let live = true;
    readPublicSummary({ token })
      .then((response) => live && setPhase(phaseOf(response)))
      .catch((e: unknown) => live && setPhase({ kind: 'refused', message: messageOf(e) }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group gap="sm">
          <img src="/icons/icon-192.png" alt="" width={40} height={40} />
          <Title order={1} size="h3">
            {phase.kind === 'summary' ? phase.summary.company_name : 'Resumo da proposta'}
          </Title>
        </Group>
        {phase.kind === 'loading' && <Spinner />}
        {phase.kind === 'refused' && (
          <Alert color="orange" role="alert" title="Não é possível mostrar esta proposta">
            {phase.message}
          </Alert>
        )}
        {phase.kind === 'answer' && token && <Verification token={token} kinds={phase.kinds} onShown={setPhase} />}
        {phase.kind === 'summary' && <Summary summary={phase.summary} />}
      </Stack>
    </Container>
  );
}

function messageOf(e: unknown): string {
  if (e instanceof ApiError) return e.fields[0]?.message ?? e.message;
  return 'Não foi possível abrir a proposta agora. Verifique a conexão e tente de novo.';
}

/** The question before the summary: a wrong answer says how many tries are left; the fifth locks the link. */
function Verification({ token, kinds, onShown }: { token: string; kinds: SummaryAnswerKind[]; onShown: (p: Phase) => void }) {
  const [kind, setKind] = useState<SummaryAnswerKind>(kinds[0] ?? 'documento');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      onShown(phaseOf(await readPublicSummary({ token, answer_kind: kind, answer })));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setError(messageOf(e));
      else onShown({ kind: 'refused', message: messageOf(e) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e: FormEvent) => void submit(e)}>
      <Stack gap="md">
        <Text>Para sua segurança, confirme um dado seu antes de ver a proposta.</Text>
        {kinds.length > 1 && (
          <SegmentedControl
            value={kind}
            onChange={(v) => {
              setKind(v as SummaryAnswerKind);
              setAnswer('');
              setError(null);
            }}
            data={kinds.map((k) => ({ value: k, label: ANSWER_LABELS[k] }))}
          />
        )}
        <TextInput
          label={ANSWER_LABELS[kind]}
          placeholder={ANSWER_PLACEHOLDERS[kind]}
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
          error={error}
          inputMode="numeric"
          autoComplete="off"
          maxLength={kind === 'nascimento' ? 10 : 4}
          required
        />
        <Group>
          <Button type="submit" loading={sending}>
            Ver proposta
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Summary({ summary }: { summary: PublicSummary }) {
  const whatsapp = whatsappUrl(summary.salesperson_whatsapp, summary.sale_number);
  const next = summary.next_payment;
  return (
    <Stack gap="md">
      <Text size="lg">
        Olá, {summary.client_first_name}! Esta é a proposta <b>{summary.sale_number}</b>.
      </Text>
      <Table aria-label="Itens da proposta">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qtd.</Table.Th>
            <Table.Th ta="right">Preço</Table.Th>
            <Table.Th ta="right">Desconto</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.items.map((i, n) => (
            <Table.Tr key={n}>
              <Table.Td>{i.name}</Table.Td>
              <Table.Td ta="right">{i.quantity}</Table.Td>
              <Table.Td ta="right">{formatCentavos(i.unit_price)}</Table.Td>
              <Table.Td ta="right">{i.discount ? formatCentavos(i.discount) : '—'}</Table.Td>
              <Table.Td ta="right">{formatCentavos(i.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {summary.discount_total ? `Descontos: ${formatCentavos(summary.discount_total)}` : ''}
        </Text>
        <Text fw={700} size="xl">
          Total {formatCentavos(summary.total)}
        </Text>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h5">
            Pagamento: {PAYMENT_LABELS[summary.payment_method] ?? summary.payment_method}
            {summary.payment_method === 'cartao' ? ` em ${summary.card_installments}×` : ''}
          </Title>
          <Table aria-label="Parcelas">
            <Table.Tbody>
              {summary.installments.map((p, n) => (
                <Table.Tr key={n}>
                  <Table.Td>
                    {n + 1}/{summary.installments.length}
                  </Table.Td>
                  <Table.Td>{formatDate(p.due_date)}</Table.Td>
                  <Table.Td ta="right">{formatCentavos(p.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
      {next && (
        <Paper withBorder p="md" radius="md" aria-label="Próximo pagamento">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Próximo pagamento: {formatCentavos(next.amount)} até {formatDate(next.due_date)}
            </Title>
            {next.linha_digitavel && <PaymentCode label="Linha digitável do boleto" value={next.linha_digitavel} />}
            {next.pix_copia_e_cola && <PaymentCode label="PIX copia e cola" value={next.pix_copia_e_cola} />}
            {!next.linha_digitavel && !next.pix_copia_e_cola && (
              <Text size="sm" c="dimmed">
                Os dados de pagamento chegam pelo seu consultor assim que forem emitidos.
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          Link válido até {formatDateTime(summary.expires_at)}.
        </Text>
        {whatsapp ? (
          <Button component="a" href={whatsapp} target="_blank" rel="noopener noreferrer" color="green">
            Falar com {summary.salesperson_first_name} no WhatsApp
          </Button>
        ) : (
          <Text size="sm">Seu consultor: {summary.salesperson_first_name}</Text>
        )}
      </Group>
    </Stack>
  );
}

function PaymentCode({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="start">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copiado' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

