import { getSupplier, listSuppliers, useListChartAccounts, useListCostCenters, type NewPayable, type NfeSuggestion } from '@backoffice/api-client/endpoints';
import { Alert, Button, DateInput, FileButton, Form, FormErrors, formatCentavos, formatDate, Group, MoneyInput, NativeSelectField, notify, SelectField, SimpleGrid, Stack, Table, Text, TextField, TextInput, todayInSaoPaulo, useZodForm } from '@backoffice/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DOCUMENT_KIND_LABELS, fieldLabel, METHOD_LABELS, monthlyDates, splitTotal } from '../api/payableModel';
import { usePayableMutations, useReadLinha, useReadNfe } from '../api/payablesQueries';

const schema = z.object({
  supplier_id: z.string().nullable().refine((value) => Boolean(value), 'Escolha o favorecido.'),
  document_kind: z.string(),
  document_number: z.string().max(30, 'No máximo 30 caracteres.'),
  document_series: z.string().max(10, 'No máximo 10 caracteres.'),
  nfe_key: z.string().max(60),
  description: z.string().trim().min(1, 'Descreva a conta.').max(200, 'No máximo 200 caracteres.'),
  chart_account_id: z.string().min(1, 'Escolha a conta de despesa.'),
  cost_center_id: z.string(),
  competence: z.string().regex(/^\d{1,2}\/\d{4}$/, 'Use mm/aaaa.'),
  issue_date: z.string().nullable().refine((value) => value !== null, 'Informe a emissão.'),
  total_cents: z.number().int().nullable().refine((value) => value !== null && value > 0, 'Informe o valor total.'),
  installments: z.string().regex(/^\d{1,3}$/, 'De 1 a 120 parcelas.'),
  first_due: z.string().nullable().refine((value) => value !== null, 'Informe o primeiro vencimento.'),
  payment_method: z.string().min(1),
  linha_digitavel: z.string(),
  pix_key_type: z.string(),
  pix_key: z.string(),
  pix_qr: z.string(),
  supplier_bank_account_id: z.string(),
});
type Values = z.input<typeof schema>;
type Row = { due_date: string; amount_cents: number };

const METHOD_OPTIONS = Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }));
const KIND_OPTIONS = Object.entries(DOCUMENT_KIND_LABELS).map(([value, label]) => ({ value, label }));
const PIX_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'TELEFONE', 'ALEATORIA'].map((value) => ({ value, label: value === 'ALEATORIA' ? 'Aleatória' : value === 'TELEFONE' ? 'Telefone' : value === 'EMAIL' ? 'E-mail' : value }));
const LINE_METHODS = new Set(['BOLETO', 'CONCESSIONARIA', 'TRIBUTO']);

/** Active suppliers found by what is typed (name or document), as options. */
function useSupplierOptions(search: string, extra: { value: string; label: string } | null) {
  const query = useQuery({
    queryKey: ['finance', 'payables', 'suppliers', search],
    queryFn: ({ signal }) => listSuppliers({ q: search || undefined, active: true, page_size: 20 }, { signal }),
    placeholderData: (previous) => previous,
  });
  const options = (query.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.name} — ${s.document_formatted}` }));
  return extra && !options.some((o) => o.value === extra.value) ? [extra, ...options] : options;
}

/** The supplier's confirmed bank accounts (TED goes only to those). */
function useConfirmedAccounts(supplierId: string | null) {
  const query = useQuery({
    queryKey: ['finance', 'payables', 'supplier', supplierId],
    queryFn: ({ signal }) => getSupplier(supplierId ?? '', { signal }),
    enabled: Boolean(supplierId),
  });
  return (query.data?.bank_accounts ?? []).filter((a) => a.status === 'CONFIRMADA').map((a) => ({ value: a.id, label: `${a.bank} ag. ${a.agency} c/c ${a.account}-${a.account_digit}` }));
}

const toCompetence = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A new payable: favorecido, fiscal document (an NF-e XML fills it), account, centre, competência, installments and payment data (a pasted linha digitável fills valor and vencimento). */
export function NewPayableForm({ onDone }: { onDone: () => void }) {
  const { create } = usePayableMutations();
  const readLinha = useReadLinha();
  const readNfe = useReadNfe();
  const [search, setSearch] = useState('');
  const [imported, setImported] = useState<{ value: string; label: string } | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [pasted, setPasted] = useState('');
  const [readError, setReadError] = useState<string | null>(null);
  const suppliers = useSupplierOptions(search, imported);
  const chart = useListChartAccounts();
  const centers = useListCostCenters();
  const expense = (chart.data?.items ?? []).filter((a) => a.active && a.kind === 'ANALITICA' && a.nature === 'DESPESA');
  const today = todayInSaoPaulo();
  const form = useZodForm(schema, {
    defaultValues: {
      supplier_id: null,
      document_kind: 'OUTRO',
      document_number: '',
      document_series: '',
      nfe_key: '',
      description: '',
      chart_account_id: '',
      cost_center_id: '',
      competence: toCompetence(today),
      issue_date: today,
      total_cents: null,
      installments: '1',
      first_due: today,
      payment_method: 'BOLETO',
      linha_digitavel: '',
      pix_key_type: 'CNPJ',
      pix_key: '',
      pix_qr: '',
      supplier_bank_account_id: '',
    },
  });
  const [supplierId, method, total, count, first] = useWatch({ control: form.control, name: ['supplier_id', 'payment_method', 'total_cents', 'installments', 'first_due'] });
  const accounts = useConfirmedAccounts(supplierId ?? null);

  const applyLinha = async () => {
    setReadError(null);
    try {
      const read = await readLinha.mutateAsync(pasted);
      form.setValue('linha_digitavel', read.linha);
      form.setValue('payment_method', read.kind === 'arrecadacao' ? 'CONCESSIONARIA' : 'BOLETO');
      if (read.amount_cents) form.setValue('total_cents', read.amount_cents);
      if (read.due_date) form.setValue('first_due', read.due_date);
      form.setValue('installments', '1');
      setRows(null);
      notify(`Linha lida: ${read.amount_cents ? formatCentavos(read.amount_cents) : 'sem valor'}${read.due_date ? `, vencimento ${formatDate(read.due_date)}` : ''}.`, 'success');
    } catch (e) {
      setReadError(e instanceof Error ? e.message : String(e));
    }
  };

  const applyNfe = async (file: File | null) => {
    if (!file) return;
    setReadError(null);
    try {
      const nfe: NfeSuggestion = await readNfe.mutateAsync(file);
      if (nfe.supplier_id) {
        setImported({ value: nfe.supplier_id, label: `${nfe.supplier_name ?? nfe.emitter_name} — ${nfe.emitter_document_formatted}` });
        form.setValue('supplier_id', nfe.supplier_id);
      }
      form.setValue('document_kind', 'NFE');
      form.setValue('document_number', nfe.document_number);
      form.setValue('document_series', nfe.document_series);
      form.setValue('nfe_key', nfe.nfe_key);
      form.setValue('total_cents', nfe.total_cents);
      form.setValue('issue_date', nfe.issue_date);
      form.setValue('competence', toCompetence(nfe.issue_date));
      if (!form.getValues('description')) form.setValue('description', `NF-e ${nfe.document_number} — ${nfe.emitter_trade_name ?? nfe.emitter_name}`);
      if (nfe.duplicatas.length > 0) {
        setRows(nfe.duplicatas.map((d) => ({ due_date: d.due_date, amount_cents: d.amount_cents })));
        form.setValue('installments', String(nfe.duplicatas.length));
        form.setValue('first_due', nfe.duplicatas[0]?.due_date ?? today);
      }
      notify(nfe.supplier_id ? 'NF-e lida.' : `NF-e lida; o emitente ${nfe.emitter_document_formatted} não é fornecedor cadastrado.`, nfe.supplier_id ? 'success' : 'info');
    } catch (e) {
      setReadError(e instanceof Error ? e.message : String(e));
    }
  };

  const n = Number(count);
  const planned: Row[] =
    rows ?? (total && first && Number.isInteger(n) && n >= 1 && n <= 120 ? splitTotal(total, n).map((amount, i) => ({ amount_cents: amount, due_date: monthlyDates(first, n)[i] ?? first })) : []);

  const submit = async (values: z.output<typeof schema>) => {
    const data = {
      payment_method: values.payment_method,
      linha_digitavel: LINE_METHODS.has(values.payment_method) && planned.length === 1 ? values.linha_digitavel || undefined : undefined,
      pix_key_type: values.payment_method === 'PIX_CHAVE' ? values.pix_key_type : undefined,
      pix_key: values.payment_method === 'PIX_CHAVE' ? values.pix_key : undefined,
      pix_qr: values.payment_method === 'PIX_QR' ? values.pix_qr : undefined,
      supplier_bank_account_id: values.payment_method === 'TED' ? values.supplier_bank_account_id || undefined : undefined,
    };
    const body: NewPayable = {
      supplier_id: values.supplier_id ?? '',
      document_kind: values.document_kind,
      document_number: values.document_number || undefined,
      document_series: values.document_series || undefined,
      nfe_key: values.nfe_key || undefined,
      description: values.description,
      chart_account_id: values.chart_account_id,
      rateio: values.cost_center_id ? [{ cost_center_id: values.cost_center_id, percent_bp: 10_000 }] : undefined,
      competence: values.competence,
      issue_date: values.issue_date ?? '',
      total_cents: values.total_cents ?? 0,
      installments: planned.map((row) => ({ due_date: row.due_date, amount_cents: rows ? row.amount_cents : undefined, ...data })),
    };
    const created = await create.mutateAsync(body);
    notify(`Conta ${created.number} lançada como rascunho.`, 'success');
    onDone();
  };

  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Nova conta a pagar">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <Group gap="xs">
          <FileButton onChange={(file) => void applyNfe(file)} accept="application/xml,text/xml,.xml">
            {(props) => (
              <Button variant="default" loading={readNfe.isPending} {...props}>
                Importar NF-e (XML)
              </Button>
            )}
          </FileButton>
        </Group>
        <Group gap="xs" align="flex-end">
          <TextInput label="Colar linha digitável" value={pasted} onChange={(e) => setPasted(e.currentTarget.value)} style={{ flex: 1 }} placeholder="00190.00009 01238.798779 …" />
          <Button variant="default" loading={readLinha.isPending} onClick={() => void applyLinha()} disabled={!pasted.trim()}>
            Ler linha
          </Button>
        </Group>
        {readError && (
          <Alert color="red" role="alert">
            {readError}
          </Alert>
        )}
        <SelectField<Values>
          name="supplier_id"
          label="Favorecido"
          withAsterisk
          searchable
          data={suppliers}
          onSearchChange={setSearch}
          nothingFoundMessage="Nenhum fornecedor encontrado"
          placeholder="Nome ou CPF/CNPJ"
          filter={({ options }) => options}
          comboboxProps={{ withinPortal: true }}
        />
        <TextField<Values> name="description" label="Descrição" withAsterisk placeholder="Materiais de março" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NativeSelectField<Values> name="document_kind" label="Documento" data={KIND_OPTIONS} />
          <TextField<Values> name="document_number" label="Número" />
          <TextField<Values> name="document_series" label="Série" />
        </SimpleGrid>
        <TextField<Values> name="nfe_key" label="Chave da NF-e" placeholder="44 dígitos" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelectField<Values> name="chart_account_id" label="Conta do plano" withAsterisk data={[{ value: '', label: 'Escolha…' }, ...expense.map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))]} />
          <NativeSelectField<Values> name="cost_center_id" label="Centro de custo" data={[{ value: '', label: 'Nenhum' }, ...(centers.data?.items ?? []).filter((c) => c.active).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))]} />
          <TextField<Values> name="competence" label="Competência" withAsterisk placeholder="mm/aaaa" />
          <DateInput<Values> name="issue_date" label="Emissão" withAsterisk />
          <MoneyInput<Values> name="total_cents" label="Valor total" withAsterisk />
          <TextField<Values> name="installments" label="Parcelas" withAsterisk inputMode="numeric" onInput={() => setRows(null)} />
          <DateInput<Values> name="first_due" label="Primeiro vencimento" withAsterisk />
          <NativeSelectField<Values> name="payment_method" label="Forma de pagamento" data={METHOD_OPTIONS} />
        </SimpleGrid>
        {LINE_METHODS.has(method) && <TextField<Values> name="linha_digitavel" label="Linha digitável" description="Só com uma parcela; com mais, informe cada boleto depois." />}
        {method === 'PIX_CHAVE' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelectField<Values> name="pix_key_type" label="Tipo da chave PIX" data={PIX_TYPES} />
            <TextField<Values> name="pix_key" label="Chave PIX" description="Uma chave confirmada do fornecedor." />
          </SimpleGrid>
        )}
        {method === 'PIX_QR' && <TextField<Values> name="pix_qr" label="PIX copia e cola" />}
        {method === 'TED' && <NativeSelectField<Values> name="supplier_bank_account_id" label="Conta do fornecedor" data={[{ value: '', label: accounts.length ? 'Escolha…' : 'Nenhuma conta confirmada' }, ...accounts]} />}
        {planned.length > 0 && (
          <Table aria-label="Parcelas previstas" withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parcela</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {planned.slice(0, 12).map((row, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{`${i + 1}/${planned.length}`}</Table.Td>
                  <Table.Td>{formatDate(row.due_date)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCentavos(row.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          A conta nasce como rascunho; quem a lança ou edita não a aprova.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Lançar conta
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
