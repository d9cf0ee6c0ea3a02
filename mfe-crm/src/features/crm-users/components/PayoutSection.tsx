import type { PayoutDto } from '@backoffice/api-client/endpoints';
import { getGetCrmUserHistoryQueryKey, getGetCrmUserPayoutQueryKey, useGetCrmUserPayout, useSetCrmUserPayout } from '@backoffice/api-client/endpoints';
import { Alert, Button, Form, FormErrors, Group, LabeledValue, maskDocument, maskPhone, NativeSelectField, Paper, SimpleGrid, Spinner, Stack, Text, TextField, Title, useZodForm } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PAYOUT_LABELS } from './profileLabels';

const KEY_TYPES = [
  { value: 'CPF', label: 'CPF' },
  { value: 'CNPJ', label: 'CNPJ' },
  { value: 'EMAIL', label: 'E-mail' },
  { value: 'TELEFONE', label: 'Telefone' },
  { value: 'ALEATORIA', label: 'Chave aleatória' },
];
const ACCOUNT_TYPES = [
  { value: 'corrente', label: 'Conta corrente' },
  { value: 'poupanca', label: 'Conta poupança' },
];

/** The key as people read it: a CPF or CNPJ with its punctuation, a phone masked, the rest as it is. */
function shownKey(p: PayoutDto): string {
  const key = p.pix_key ?? '';
  if (p.pix_key_type === 'CPF') return maskDocument(key, 'person');
  if (p.pix_key_type === 'CNPJ') return maskDocument(key, 'company');
  if (p.pix_key_type === 'TELEFONE') return `+55 ${maskPhone(key.replace(/^\+55/, ''))}`;
  return key;
}

/**
 * Where the salesperson's commissions are paid: shown only to the person, finance and administration (the server
 * answers 403 to anyone else, and the page then shows nothing of it); changed by the person or an administrator.
 */
export function PayoutSection({ userId, mayEdit }: { userId: string; mayEdit: boolean }) {
  const payout = useGetCrmUserPayout(userId, { query: { retry: false } });
  const [editing, setEditing] = useState(false);
  if (payout.isPending) return <Spinner />;
  if (payout.isError) return null;
  const p = payout.data;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Dados de pagamento">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Dados de pagamento
          </Title>
          {mayEdit && !editing && (
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              {p.method ? 'Alterar' : 'Informar'}
            </Button>
          )}
        </Group>
        {editing ? (
          <PayoutForm userId={userId} payout={p} onDone={() => setEditing(false)} />
        ) : !p.method ? (
          <Text size="sm" c="dimmed">
            Não informados: as comissões não podem ser pagas até que sejam.
          </Text>
        ) : p.method === 'pix' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <LabeledValue label="Forma">PIX ({KEY_TYPES.find((k) => k.value === p.pix_key_type)?.label ?? p.pix_key_type})</LabeledValue>
            <LabeledValue label="Chave">{shownKey(p)}</LabeledValue>
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <LabeledValue label="Banco">{p.bank}</LabeledValue>
            <LabeledValue label="Agência">{p.agency}</LabeledValue>
            <LabeledValue label="Conta">{`${p.account ?? ''}-${p.account_digit ?? ''}`}</LabeledValue>
            <LabeledValue label="Tipo">{ACCOUNT_TYPES.find((a) => a.value === p.account_type)?.label ?? p.account_type}</LabeledValue>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

// The fields of the method not shown are unmounted (and left undefined): only the chosen method's are sent.
const schema = z.object({
  method: z.enum(['pix', 'conta']),
  pix_key_type: z.string().optional(),
  pix_key: z.string().trim().max(100).optional(),
  bank: z.string().trim().max(10).optional(),
  agency: z.string().trim().max(20).optional(),
  account: z.string().trim().max(30).optional(),
  account_digit: z.string().trim().max(5).optional(),
  account_type: z.string().optional(),
});
type Values = z.input<typeof schema>;

function PayoutForm({ userId, payout, onDone }: { userId: string; payout: PayoutDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useSetCrmUserPayout();
  const form = useZodForm(schema, {
    defaultValues: {
      method: payout.method === 'conta' ? 'conta' : 'pix',
      pix_key_type: payout.pix_key_type ?? 'CPF',
      pix_key: payout.pix_key ?? '',
      bank: payout.bank ?? '',
      agency: payout.agency ?? '',
      account: payout.account ?? '',
      account_digit: payout.account_digit ?? '',
      account_type: payout.account_type ?? 'corrente',
    },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const submit = async (v: z.output<typeof schema>) => {
    const data =
      v.method === 'pix'
        ? { method: 'pix', pix_key_type: v.pix_key_type, pix_key: v.pix_key }
        : { method: 'conta', bank: v.bank, agency: v.agency, account: v.account, account_digit: v.account_digit, account_type: v.account_type };
    const saved = await save.mutateAsync({ userId, data });
    queryClient.setQueryData(getGetCrmUserPayoutQueryKey(userId), saved);
    void queryClient.invalidateQueries({ queryKey: getGetCrmUserHistoryQueryKey(userId) });
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={PAYOUT_LABELS} aria-label="Dados de pagamento">
      <Stack gap="sm">
        <FormErrors labels={PAYOUT_LABELS} />
        <Alert color="blue" variant="light">
          A conta ou chave deve estar no nome de quem recebe (CPF do vendedor CLT, CNPJ da empresa do PJ).
        </Alert>
        <NativeSelectField<Values>
          name="method"
          label="Forma de recebimento"
          data={[
            { value: 'pix', label: 'PIX' },
            { value: 'conta', label: 'Conta bancária' },
          ]}
        />
        {method === 'pix' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelectField<Values> name="pix_key_type" label="Tipo de chave" data={KEY_TYPES} />
            <TextField<Values> name="pix_key" label="Chave PIX" withAsterisk />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <TextField<Values> name="bank" label="Banco (código)" withAsterisk placeholder="341" />
            <TextField<Values> name="agency" label="Agência" withAsterisk />
            <TextField<Values> name="account" label="Conta" withAsterisk />
            <TextField<Values> name="account_digit" label="Dígito" withAsterisk />
            <NativeSelectField<Values> name="account_type" label="Tipo de conta" data={ACCOUNT_TYPES} />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar dados de pagamento
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
