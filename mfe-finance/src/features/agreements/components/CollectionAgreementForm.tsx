import type { BankAccount, CnabLayout, CollectionAgreement } from '@backoffice/api-client/endpoints';
import { Form, FormErrors, NativeSelectField, notify, PercentInput, TextField, useZodForm, Button, Group, SimpleGrid, Stack, Text } from '@backoffice/ui';
import { z } from 'zod';
import { useAgreementMutations, useCollectionBanks } from '../api/agreementQueries';

export const COLLECTION_LABELS = {
  bank_account_id: 'Conta bancária',
  name: 'Nome do convênio',
  beneficiary_name: 'Razão social do beneficiário',
  beneficiary_document: 'CNPJ do beneficiário',
  beneficiary_code: 'Código do beneficiário',
  beneficiary_code_digit: 'Dígito do código',
  carteira: 'Carteira',
  modalidade: 'Modalidade',
  variacao: 'Variação',
  posto: 'Posto',
  layout: 'Layout',
  nosso_numero_first: 'Primeiro nosso número',
  nosso_numero_last: 'Último nosso número',
  next_nosso_numero: 'Próximo nosso número',
  next_file_sequence: 'Próximo sequencial de arquivo',
  fine_bp: 'Multa',
  interest_monthly_bp: 'Juros ao mês',
  protest_days: 'Protesto (dias)',
  baixa_days: 'Baixa/devolução (dias)',
  settlement_days: 'Compensação (D+)',
  pix_key: 'Chave PIX (boleto híbrido)',
};

const digits = (label: string, required: boolean) =>
  required ? z.string().trim().regex(/^\d+$/, `${label}: só números.`) : z.string().trim().regex(/^\d*$/, `${label}: só números.`);
const integer = (label: string) => z.string().trim().regex(/^\d*$/, `${label}: um número inteiro.`);

const schema = z.object({
  bank_account_id: z.string().min(1, 'Escolha a conta bancária.'),
  name: z.string().trim().min(2, 'Informe o nome do convênio.').max(60, 'O nome pode ter no máximo 60 caracteres.'),
  beneficiary_name: z.string().trim().min(2, 'Informe a razão social do beneficiário.'),
  beneficiary_document: z.string().trim().min(11, 'Informe o CNPJ do beneficiário.'),
  beneficiary_code: digits('Código do beneficiário', true),
  beneficiary_code_digit: z.string().trim().max(2),
  carteira: digits('Carteira', true),
  modalidade: digits('Modalidade', false),
  variacao: digits('Variação', false),
  posto: digits('Posto', false),
  layout: z.string().min(1, 'Escolha o layout.'),
  nosso_numero_first: integer('Primeiro nosso número').refine((v) => v !== '', 'Informe o primeiro nosso número.'),
  nosso_numero_last: integer('Último nosso número').refine((v) => v !== '', 'Informe o último nosso número.'),
  next_nosso_numero: integer('Próximo nosso número'),
  next_file_sequence: integer('Próximo sequencial'),
  fine_bp: z.number().int().min(0).max(200, 'A multa vai até 2,00% (CDC).').nullable(),
  interest_monthly_bp: z.number().int().min(0).max(1000, 'Juros até 10,00% ao mês.').nullable(),
  protest_days: integer('Protesto'),
  baixa_days: integer('Baixa'),
  settlement_days: integer('Compensação'),
  pix_key: z.string().trim().max(77),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const num = (v: string) => (v === '' ? undefined : Number(v));
const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * A convênio de cobrança, new or edited: the bank comes from the account; the layouts offered are those `banking`
 * writes for that bank; the server checks the rest (and the bank's own rules) and names the field.
 */
export function CollectionAgreementForm({ accounts, agreement, onDone }: { accounts: BankAccount[]; agreement?: CollectionAgreement; onDone: () => void }) {
  const banks = useCollectionBanks();
  const { createCollection, updateCollection } = useAgreementMutations();
  const form = useZodForm(schema, {
    defaultValues: {
      bank_account_id: agreement?.bank_account_id ?? '',
      name: agreement?.name ?? '',
      beneficiary_name: agreement?.beneficiary_name ?? '',
      beneficiary_document: agreement?.beneficiary_document ?? '',
      beneficiary_code: agreement?.beneficiary_code ?? '',
      beneficiary_code_digit: agreement?.beneficiary_code_digit ?? '',
      carteira: agreement?.carteira ?? '',
      modalidade: agreement?.modalidade ?? '',
      variacao: agreement?.variacao ?? '',
      posto: agreement?.posto ?? '',
      layout: agreement?.layout ?? '',
      nosso_numero_first: str(agreement?.nosso_numero_first ?? 1),
      nosso_numero_last: str(agreement?.nosso_numero_last),
      next_nosso_numero: str(agreement?.next_nosso_numero),
      next_file_sequence: str(agreement?.next_file_sequence ?? 1),
      fine_bp: agreement?.fine_bp ?? 200,
      interest_monthly_bp: agreement?.interest_monthly_bp ?? 100,
      protest_days: str(agreement?.protest_days),
      baixa_days: str(agreement?.baixa_days),
      settlement_days: str(agreement?.settlement_days ?? 1),
      pix_key: agreement?.pix_key ?? '',
    },
  });
  const accountId = form.watch('bank_account_id');
  const account = accounts.find((a) => a.id === accountId);
  const bank = banks.data?.items.find((b) => b.code === account?.bank);
  const layouts = bank?.layouts ?? ['CNAB240'];
  const accountOptions = [{ value: '', label: 'Escolha…' }, ...accounts.filter((a) => a.active || a.id === accountId).map((a) => ({ value: a.id, label: `${a.nickname} · ${a.bank} ${a.bank_name}` }))];
  const layoutOptions = [{ value: '', label: 'Escolha…' }, ...layouts.map((l: CnabLayout) => ({ value: l, label: l === 'CNAB240' ? 'CNAB 240' : 'CNAB 400' }))];

  const submit = async (v: Output) => {
    const body = {
      name: v.name,
      beneficiary_name: v.beneficiary_name,
      beneficiary_document: v.beneficiary_document,
      beneficiary_code: v.beneficiary_code,
      beneficiary_code_digit: v.beneficiary_code_digit,
      carteira: v.carteira,
      modalidade: v.modalidade,
      variacao: v.variacao,
      posto: v.posto,
      layout: v.layout as CnabLayout,
      nosso_numero_first: num(v.nosso_numero_first),
      nosso_numero_last: num(v.nosso_numero_last),
      next_nosso_numero: num(v.next_nosso_numero),
      next_file_sequence: num(v.next_file_sequence),
      fine_bp: v.fine_bp ?? 0,
      interest_monthly_bp: v.interest_monthly_bp ?? 0,
      protest_days: num(v.protest_days) ?? (agreement ? 0 : undefined),
      baixa_days: num(v.baixa_days) ?? (agreement ? 0 : undefined),
      settlement_days: num(v.settlement_days),
      pix_key: v.pix_key,
    };
    if (agreement) {
      await updateCollection.mutateAsync({ id: agreement.id, data: { version: agreement.version, ...body } });
      notify(`Convênio ${v.name} alterado.`, 'success');
    } else {
      const clean = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== undefined));
      await createCollection.mutateAsync({ data: { bank_account_id: v.bank_account_id, ...clean } });
      notify(`Convênio ${v.name} criado.`, 'success');
    }
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={COLLECTION_LABELS} aria-label={agreement ? 'Editar convênio de cobrança' : 'Novo convênio de cobrança'}>
      <Stack gap="sm">
        <FormErrors labels={COLLECTION_LABELS} />
        {agreement ? (
          <Text size="sm" c="dimmed">
            {agreement.bank} · {agreement.bank_name}
          </Text>
        ) : (
          <NativeSelectField<Values> name="bank_account_id" label="Conta bancária" data={accountOptions} withAsterisk />
        )}
        <TextField<Values> name="name" label="Nome do convênio" withAsterisk />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField<Values> name="beneficiary_name" label="Razão social do beneficiário" withAsterisk />
          <TextField<Values> name="beneficiary_document" label="CNPJ do beneficiário" withAsterisk />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextField<Values> name="beneficiary_code" label={bank?.beneficiary_label ?? 'Código do beneficiário'} withAsterisk inputMode="numeric" />
          <TextField<Values> name="beneficiary_code_digit" label="Dígito do código" />
          <TextField<Values> name="carteira" label="Carteira" withAsterisk inputMode="numeric" description={bank ? `Ex.: ${bank.carteiras.join(', ')}` : undefined} />
          <NativeSelectField<Values> name="layout" label="Layout" data={layoutOptions} withAsterisk />
        </SimpleGrid>
        {(bank?.needs_modalidade || bank?.needs_variacao || bank?.needs_posto) && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {bank.needs_modalidade && <TextField<Values> name="modalidade" label="Modalidade" inputMode="numeric" />}
            {bank.needs_variacao && <TextField<Values> name="variacao" label="Variação" inputMode="numeric" />}
            {bank.needs_posto && <TextField<Values> name="posto" label="Posto" inputMode="numeric" />}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextField<Values> name="nosso_numero_first" label="Primeiro nosso número" withAsterisk inputMode="numeric" />
          <TextField<Values> name="nosso_numero_last" label="Último nosso número" withAsterisk inputMode="numeric" />
          <TextField<Values> name="next_nosso_numero" label="Próximo nosso número" inputMode="numeric" description="Nunca volta: um número não é reutilizado." />
          <TextField<Values> name="next_file_sequence" label="Próximo sequencial de arquivo" inputMode="numeric" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <PercentInput<Values> name="fine_bp" label="Multa" description="Até 2,00%" />
          <PercentInput<Values> name="interest_monthly_bp" label="Juros ao mês" description="Pro rata die" />
          <TextField<Values> name="protest_days" label="Protesto (dias)" inputMode="numeric" />
          <TextField<Values> name="baixa_days" label="Baixa/devolução (dias)" inputMode="numeric" />
          <TextField<Values> name="settlement_days" label="Compensação (D+)" inputMode="numeric" />
        </SimpleGrid>
        <TextField<Values> name="pix_key" label="Chave PIX (boleto híbrido)" description="Com chave, os boletos trazem o PIX copia e cola." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {agreement ? 'Salvar' : 'Criar convênio'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
