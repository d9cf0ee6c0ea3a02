import { listClients, useListBankAccounts, useListChartAccounts } from '@backoffice/api-client/endpoints';
import { Button, DateInput, Form, FormErrors, formatCentavos, formatDate, Group, MoneyInput, NativeSelectField, notify, SelectField, SimpleGrid, Stack, Table, Text, TextField, todayInSaoPaulo, useZodForm } from '@backoffice/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { dueDates, fieldLabel, METHOD_LABELS, splitTotal } from '../api/receivableModel';
import { useCreateReceivable } from '../api/receivablesQueries';

const schema = z.object({
  client_id: z.string().nullable().refine((value) => Boolean(value), 'Escolha o cliente.'),
  description: z.string().trim().min(1, 'Descreva o título.').max(200, 'No máximo 200 caracteres.'),
  chart_account_id: z.string().min(1, 'Escolha a conta de receita.'),
  issue_date: z.string().nullable().refine((value) => value !== null, 'Informe a emissão.'),
  total_cents: z.number().int().nullable().refine((value) => value !== null && value > 0, 'Informe o valor total.'),
  installments: z.string().regex(/^\d{1,3}$/, 'De 1 a 120 parcelas.'),
  first_due: z.string().nullable().refine((value) => value !== null, 'Informe o primeiro vencimento.'),
  interval_days: z.string(),
  payment_method: z.string(),
  bank_account_id: z.string(),
});
type Values = z.input<typeof schema>;

const INTERVALS = [
  { value: '0', label: 'Mensal (mesmo dia)' },
  { value: '7', label: 'A cada 7 dias' },
  { value: '14', label: 'A cada 14 dias' },
  { value: '15', label: 'A cada 15 dias' },
  { value: '30', label: 'A cada 30 dias' },
];
const METHOD_OPTIONS = Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }));

/** Clients found by what is typed (name or document), as select options. */
function useClientOptions(search: string) {
  const query = useQuery({
    queryKey: ['finance', 'receivables', 'clients', search],
    queryFn: ({ signal }) => listClients({ q: search || undefined, page_size: 20, status: 'active' }, { signal }),
    placeholderData: (previous) => previous,
  });
  return (query.data?.items ?? []).map((client) => ({ value: client.id, label: `${client.name} — ${client.document_formatted}` }));
}

/** The installments the título will have, as the server will split them. */
function Preview() {
  const [total, count, first, interval] = useWatch<Values, ['total_cents', 'installments', 'first_due', 'interval_days']>({ name: ['total_cents', 'installments', 'first_due', 'interval_days'] });
  return <InstallmentsPreview total={total} count={count} first={first} interval={interval} />;
}

/** `total` in `count` installments from `first` every `interval` days (0: monthly), as the server splits them. */
export function InstallmentsPreview({ total, count, first, interval }: { total: number | null; count: string; first: string | null; interval: string }) {
  const n = Number(count);
  if (!total || !first || !Number.isInteger(n) || n < 1 || n > 120) return null;
  const values = splitTotal(total, n);
  const dates = dueDates(first, n, Number(interval));
  return (
    <Table aria-label="Parcelas previstas" withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Parcela</Table.Th>
          <Table.Th>Vencimento</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {values.slice(0, 12).map((value, i) => (
          <Table.Tr key={i}>
            <Table.Td>{`${i + 1}/${n}`}</Table.Td>
            <Table.Td>{formatDate(dates[i] ?? '')}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCentavos(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      {n > 12 && <Table.Caption>{`… e mais ${n - 12} parcelas`}</Table.Caption>}
    </Table>
  );
}

/** A manual título: client, revenue account, total in N installments (odd cents on the first), first due date. */
export function NewReceivableForm({ onDone }: { onDone: () => void }) {
  const create = useCreateReceivable();
  const [search, setSearch] = useState('');
  const clients = useClientOptions(search);
  const chart = useListChartAccounts();
  const accounts = useListBankAccounts();
  const revenue = (chart.data?.items ?? []).filter((a) => a.active && a.kind === 'ANALITICA' && a.nature === 'RECEITA');
  const today = todayInSaoPaulo();
  const form = useZodForm(schema, {
    defaultValues: { client_id: null, description: '', chart_account_id: '', issue_date: today, total_cents: null, installments: '1', first_due: today, interval_days: '0', payment_method: 'BOLETO', bank_account_id: '' },
  });
  const submit = async (values: z.output<typeof schema>) => {
    const created = await create.mutateAsync({
      client_id: values.client_id ?? '',
      description: values.description,
      chart_account_id: values.chart_account_id,
      issue_date: values.issue_date ?? '',
      total_cents: values.total_cents ?? 0,
      installments: Number(values.installments),
      first_due: values.first_due ?? '',
      interval_days: Number(values.interval_days) || undefined,
      payment_method: values.payment_method,
      bank_account_id: values.bank_account_id || undefined,
    });
    notify(`Título ${created.number} lançado com ${created.installments.length} ${created.installments.length === 1 ? 'parcela' : 'parcelas'}.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Novo título a receber">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <SelectField<Values>
          name="client_id"
          label="Cliente"
          withAsterisk
          searchable
          data={clients}
          onSearchChange={setSearch}
          nothingFoundMessage="Nenhum cliente encontrado"
          placeholder="Nome ou CPF/CNPJ"
          filter={({ options }) => options}
          comboboxProps={{ withinPortal: true }}
        />
        <TextField<Values> name="description" label="Descrição" withAsterisk placeholder="Tratamento ortodôntico" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelectField<Values> name="chart_account_id" label="Conta do plano" withAsterisk data={[{ value: '', label: 'Escolha…' }, ...revenue.map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))]} />
          <DateInput<Values> name="issue_date" label="Emissão" withAsterisk />
          <MoneyInput<Values> name="total_cents" label="Valor total" withAsterisk />
          <TextField<Values> name="installments" label="Parcelas" withAsterisk inputMode="numeric" />
          <DateInput<Values> name="first_due" label="Primeiro vencimento" withAsterisk />
          <NativeSelectField<Values> name="interval_days" label="Intervalo" data={INTERVALS} />
          <NativeSelectField<Values> name="payment_method" label="Forma prevista" data={METHOD_OPTIONS} />
          <NativeSelectField<Values> name="bank_account_id" label="Conta de destino" data={[{ value: '', label: 'Nenhuma' }, ...(accounts.data?.items ?? []).filter((a) => a.active).map((a) => ({ value: a.id, label: a.nickname }))]} />
        </SimpleGrid>
        <Preview />
        <Text size="xs" c="dimmed">
          Os centavos que não dividem igualmente ficam na primeira parcela.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Lançar título
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
