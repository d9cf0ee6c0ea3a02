import { ApiError } from '@backoffice/api-client';
import { Alert, Button, Group, NativeSelect, notify, Stack, Text } from '@backoffice/ui';
import { useState } from 'react';
import { useCollectionAgreementOptions, useIssueBoletos } from './boletoHooks';
import { boletoCount } from './boletoModel';

/**
 * Issues boletos for the chosen installments under one convênio (all or none): the server names each installment
 * and field it refuses ("Endereço do pagador incompleto: informe o CEP.").
 */
export function IssueBoletosForm({ installments, onDone }: { installments: { id: string; label: string }[]; onDone: () => void }) {
  const agreements = useCollectionAgreementOptions();
  const issue = useIssueBoletos();
  const active = (agreements.data?.items ?? []).filter((a) => a.active);
  const [agreementId, setAgreementId] = useState('');
  const chosen = agreementId || active[0]?.id || '';
  const [problems, setProblems] = useState<string[]>([]);
  const submit = async () => {
    setProblems([]);
    try {
      const issued = await issue.mutateAsync({ installmentIds: installments.map((i) => i.id), agreementId: chosen });
      notify(`${boletoCount(issued.count)} emitido${issued.count === 1 ? '' : 's'}.`, 'success');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const lines = (error.fields ?? []).map((f) => {
          const index = /^installment_ids\[(\d+)\]/.exec(f.field);
          const who = index ? installments[Number(index[1])]?.label : undefined;
          return who ? `${who}: ${f.message}` : f.message;
        });
        setProblems(lines.length ? lines : [error.message]);
      } else {
        setProblems([String(error)]);
      }
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{`${installments.length} parcela${installments.length === 1 ? '' : 's'} selecionada${installments.length === 1 ? '' : 's'}.`}</Text>
      {active.length === 0 && !agreements.isPending ? (
        <Alert color="yellow">Nenhum convênio de cobrança ativo: cadastre um em Cadastros financeiros.</Alert>
      ) : (
        <NativeSelect
          label="Convênio de cobrança"
          value={chosen}
          onChange={(e) => setAgreementId(e.currentTarget.value)}
          data={active.map((a) => ({ value: a.id, label: `${a.name} · ${a.bank} ${a.bank_name} · carteira ${a.carteira}` }))}
        />
      )}
      {problems.length > 0 && (
        <Alert color="red" role="alert" title="Nenhum boleto foi emitido">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} loading={issue.isPending} disabled={!chosen}>
          Emitir boletos
        </Button>
      </Group>
    </Stack>
  );
}
