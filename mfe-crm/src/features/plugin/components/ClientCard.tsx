import type { Activity, Opportunity, PluginClientCard, FunnelStage, SaleSummary } from '@backoffice/api-client/endpoints';
import { Alert, Badge, Button, Checkbox, Divider, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, formatCentavos, formatDate, formatDateTime, todayInSaoPaulo } from '@backoffice/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isTime, KIND_LABELS, options, OUTCOME_LABELS, saoPauloInstant } from '../../../lib/activityVocabulary';
import { SALE_STATUS_COLORS, SALE_STATUS_LABELS } from '../../../lib/salesVocabulary';
import { absoluteUrl } from '../../../lib/summaryLinks';
import { greeting, newSaleUrl, summaryLinkMessage } from '../api/pluginText';
import type { PluginClient } from '../api/pluginClient';

const STATUS_LABELS: Record<PluginClientCard['status'], string> = { active: 'Ativo', inactive: 'Inativo', archived: 'Arquivado' };

interface CardProps {
  card: PluginClientCard;
  client: PluginClient;
  /** The card as the server has it after an action. */
  onChanged: (card: PluginClientCard) => void;
  onActivityLogged: (activityId: string) => void;
  /** Asks the host to insert `text` in the conversation. */
  onInsert: (text: string) => void;
}

/**
 * The client found, as the plugin shows it in its narrow column: who the client is (never the whole document),
 * the open opportunities with a stage menu, the last activities and the next one due, and the form that logs what
 * was just done in the conversation.
 */
export function ClientCard({ card, client, onChanged, onActivityLogged, onInsert }: CardProps) {
  const refresh = async () => onChanged(await client.card(card.id));
  return (
    <Paper withBorder p="sm" aria-label="Cliente encontrado">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{card.name}</Text>
          <Badge variant="light">{STATUS_LABELS[card.status]}</Badge>
        </Group>
        {card.trade_name ? <Text size="sm">{card.trade_name}</Text> : null}
        <Text size="sm">Documento: {card.document_masked}</Text>
        <Text size="sm">Responsável: {card.owner ?? '—'}</Text>
        {card.tags.length > 0 ? (
          <Group gap={4}>
            {card.tags.map((tag) => (
              <Badge key={tag} size="xs" variant="outline">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group gap="xs" mt="xs">
          <Button size="compact-sm" variant="light" onClick={() => onInsert(greeting(card))}>
            Inserir saudação na conversa
          </Button>
        </Group>
        <Divider my="xs" label="Oportunidades abertas" labelPosition="left" />
        <Opportunities items={card.opportunities} stages={card.stages} client={client} onMoved={refresh} />
        <Divider my="xs" label="Vendas em aberto" labelPosition="left" />
        <OpenSales card={card} client={client} onInsert={onInsert} />
        <Divider my="xs" label="Atividades" labelPosition="left" />
        <Agenda recent={card.recent_activities} next={card.next_activity} />
        <Divider my="xs" label="Inscrever em cadência" labelPosition="left" />
        <EnrollInCadence card={card} client={client} />
        <Divider my="xs" label="Registrar atividade" labelPosition="left" />
        <LogActivity
          card={card}
          client={client}
          onLogged={async (id) => {
            onActivityLogged(id);
            await refresh();
          }}
        />
      </Stack>
    </Paper>
  );
}

function Opportunities({ items, stages, client, onMoved }: { items: Opportunity[]; stages: FunnelStage[]; client: PluginClient; onMoved: () => Promise<void> }) {
  const move = useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: string }) => client.moveOpportunity(id, { stage_id: stage }),
    onSuccess: onMoved,
  });
  if (items.length === 0) return <Text size="sm" c="dimmed">Nenhuma oportunidade aberta.</Text>;
  return (
    <Stack gap="xs">
      {items.map((o) => (
        <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {o.title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatCentavos(o.expected_value_cents)}
            </Text>
          </Stack>
          <NativeSelect
            size="xs"
            aria-label={`Etapa de ${o.title}`}
            value={o.stage_id}
            disabled={move.isPending}
            data={stages.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(e) => move.mutate({ id: o.id, stage: e.currentTarget.value })}
          />
        </Group>
      ))}
      {move.error ? (
        <Alert color="red" role="alert">
          {move.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The client's sales still in hand: status, total, the next installment and an overdue flag; *Enviar link de
 * resumo* creates a summary link and asks the host to insert it in the conversation; *Nova venda* opens the sale
 * wizard for the client in a new top-level tab (the plugin itself never navigates away).
 */
function OpenSales({ card, client, onInsert }: { card: PluginClientCard; client: PluginClient; onInsert: (text: string) => void }) {
  const sales = useQuery({ queryKey: ['crm-plugin', 'sales', card.id], queryFn: () => client.clientSales(card.id) });
  const link = useMutation({
    mutationFn: (sale: SaleSummary) => client.createSummaryLink(sale.id),
    onSuccess: (created, sale) => onInsert(summaryLinkMessage(card.name, sale.number, absoluteUrl(created.url, window.location.origin))),
  });
  const start = () => window.open(newSaleUrl(card.id, window.location.origin), '_blank', 'noopener');
  return (
    <Stack gap="xs" aria-label="Vendas em aberto">
      {sales.isPending ? <Text size="sm" c="dimmed">Carregando vendas…</Text> : null}
      {sales.error ? (
        <Alert color="red" role="alert">
          {sales.error.message}
        </Alert>
      ) : null}
      {sales.data?.length === 0 ? <Text size="sm" c="dimmed">Nenhuma venda em aberto.</Text> : null}
      {sales.data?.map((s) => (
        <Stack key={s.id} gap={2} aria-label={`Venda ${s.number}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={500}>
              Venda {s.number} · {formatCentavos(s.total)}
            </Text>
            <Badge size="xs" variant="light" color={SALE_STATUS_COLORS[s.status]}>
              {SALE_STATUS_LABELS[s.status]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {s.next_due_date && s.next_due_amount != null
              ? `Próxima parcela: ${formatCentavos(s.next_due_amount)} em ${formatDate(s.next_due_date)}`
              : s.status === 'rascunho' || s.status === 'aguardando_aprovacao'
                ? 'Proposta ainda não confirmada'
                : 'Sem parcela em aberto'}{' '}
            {s.overdue ? (
              <Badge size="xs" color="red">
                Em atraso
              </Badge>
            ) : null}
          </Text>
          <Group gap="xs">
            <Button size="compact-xs" variant="light" loading={link.isPending && link.variables?.id === s.id} onClick={() => link.mutate(s)}>
              Enviar link de resumo
            </Button>
          </Group>
        </Stack>
      ))}
      {link.error ? (
        <Alert color="red" role="alert">
          {link.error.message}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={start}>
          Nova venda
        </Button>
      </Group>
    </Stack>
  );
}

function Agenda({ recent, next }: { recent: Activity[]; next?: Activity }) {
  return (
    <Stack gap={4}>
      {next ? (
        <Text size="sm">
          Próxima: <b>{next.subject}</b> — {formatDateTime(next.due_at)}{' '}
          {next.overdue ? (
            <Badge size="xs" color="red">
              Atrasada
            </Badge>
          ) : null}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Nenhuma atividade pendente.
        </Text>
      )}
      {recent.map((a) => (
        <Text key={a.id} size="xs" aria-label="Atividade recente">
          {formatDateTime(a.done_at ?? a.due_at)} · {KIND_LABELS[a.kind] ?? a.kind}
          {a.outcome ? ` · ${OUTCOME_LABELS[a.outcome] ?? a.outcome}` : ''}
          {a.notes ? ` — ${a.notes}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * *Inscrever em cadência*: the active cadences the user may use; the server applies the cadences' rules (consent,
 * `do_not_contact`, one open enrollment per client) and its refusal, naming the client, is shown as it comes.
 */
function EnrollInCadence({ card, client }: { card: PluginClientCard; client: PluginClient }) {
  const cadences = useQuery({ queryKey: ['crm-plugin-cadences'], queryFn: () => client.cadences(), staleTime: 60_000 });
  const [cadence, setCadence] = useState('');
  const enroll = useMutation({ mutationFn: (id: string) => client.enroll(card.id, id) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cadence) enroll.mutate(cadence);
  };
  return (
    <form onSubmit={submit} aria-label="Inscrever em cadência">
      <Stack gap="xs">
        <NativeSelect
          label="Cadência"
          value={cadence}
          disabled={!cadences.data}
          onChange={(e) => {
            setCadence(e.currentTarget.value);
            enroll.reset();
          }}
          data={[{ value: '', label: cadences.data?.length === 0 ? 'Nenhuma cadência ativa' : 'Escolha a cadência' }, ...(cadences.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
        {enroll.data ? (
          <Alert color="green" role="status">
            {enroll.data.client_name} inscrito(a) em {enroll.data.cadence_name}.
          </Alert>
        ) : null}
        {enroll.error || cadences.error ? (
          <Alert color="red" role="alert">
            {(enroll.error ?? cadences.error)?.message}
          </Alert>
        ) : null}
        <Button type="submit" size="compact-sm" variant="light" disabled={!cadence} loading={enroll.isPending}>
          Inscrever
        </Button>
      </Stack>
    </form>
  );
}

/** Tomorrow in São Paulo, `aaaa-mm-dd`. */
const tomorrow = () => todayInSaoPaulo(new Date(Date.now() + 24 * 3600_000));

function LogActivity({ card, client, onLogged }: { card: PluginClientCard; client: PluginClient; onLogged: (id: string) => Promise<void> }) {
  const [outcome, setOutcome] = useState('');
  const [notes, setNotes] = useState('');
  const [opportunity, setOpportunity] = useState(card.opportunities[0]?.id ?? '');
  const [withNext, setWithNext] = useState(false);
  const [nextSubject, setNextSubject] = useState('Retornar contato');
  const [nextDate, setNextDate] = useState(tomorrow());
  const [nextTime, setNextTime] = useState('10:00');
  const [problem, setProblem] = useState<string | null>(null);
  const log = useMutation({
    mutationFn: () =>
      client.logActivity({
        client_id: card.id,
        opportunity_id: opportunity || undefined,
        outcome,
        notes: notes.trim() || undefined,
        next: withNext ? { kind: 'whatsapp', subject: nextSubject, due_at: saoPauloInstant(nextDate, nextTime) } : undefined,
      }),
    onSuccess: async (logged) => {
      setOutcome('');
      setNotes('');
      setWithNext(false);
      await onLogged(logged.activity.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return setProblem('Escolha o resultado da conversa.');
    if (withNext && (!/^\d{4}-\d{2}-\d{2}$/.test(nextDate) || !isTime(nextTime))) return setProblem('Informe a data e a hora da próxima atividade.');
    setProblem(null);
    log.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Registrar atividade">
      <Stack gap="xs">
        <NativeSelect
          label="Resultado"
          withAsterisk
          value={outcome}
          onChange={(e) => setOutcome(e.currentTarget.value)}
          data={[{ value: '', label: 'Escolha o resultado' }, ...options(OUTCOME_LABELS)]}
        />
        {card.opportunities.length > 0 ? (
          <NativeSelect
            label="Oportunidade"
            value={opportunity}
            onChange={(e) => setOpportunity(e.currentTarget.value)}
            data={[{ value: '', label: 'Nenhuma' }, ...card.opportunities.map((o) => ({ value: o.id, label: o.title }))]}
          />
        ) : null}
        <Textarea label="Anotação" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={2000} autosize minRows={2} />
        <Checkbox label="Agendar a próxima atividade" checked={withNext} onChange={(e) => setWithNext(e.currentTarget.checked)} />
        {withNext ? (
          <Group gap="xs" grow>
            <TextInput label="Assunto" value={nextSubject} onChange={(e) => setNextSubject(e.currentTarget.value)} maxLength={200} />
            <TextInput label="Data" type="date" value={nextDate} onChange={(e) => setNextDate(e.currentTarget.value)} />
            <TextInput label="Hora" type="time" value={nextTime} onChange={(e) => setNextTime(e.currentTarget.value)} />
          </Group>
        ) : null}
        {problem || log.error ? (
          <Alert color="red" role="alert">
            {problem ?? log.error?.message}
          </Alert>
        ) : null}
        <Button type="submit" size="compact-sm" loading={log.isPending}>
          Registrar
        </Button>
      </Stack>
    </form>
  );
}

interface NewLeadProps {
  client: PluginClient;
  /** What the host's conversation (or the search) says about the person. */
  contact: { name?: string; phone?: string; email?: string };
  onCreated: (lead: Opportunity) => void;
}

/** No client found: a lead from the conversation's contact, straight into the funnel's first stage. */
export function NewLead({ client, contact, onCreated }: NewLeadProps) {
  const [name, setName] = useState(contact.name ?? '');
  const [title, setTitle] = useState('Contato pelo WhatsApp');
  const create = useMutation({
    mutationFn: () =>
      client.createLead({
        title: title.trim(),
        contact_name: name.trim(),
        contact_phone: contact.phone,
        contact_email: contact.email,
        source: 'whatsapp',
      }),
    onSuccess: onCreated,
  });
  return (
    <form
      aria-label="Criar lead"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <Stack gap="xs">
        <TextInput label="Nome do contato" required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
        <TextInput label="Título" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} />
        {create.error ? (
          <Alert color="red" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <Button type="submit" size="compact-sm" loading={create.isPending}>
          Criar lead
        </Button>
      </Stack>
    </form>
  );
}
