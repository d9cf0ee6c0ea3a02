import { ApiError } from '@backoffice/api-client';
import type { BoletoDetail, BoletoInstructionKind } from '@backoffice/api-client/endpoints';
import { Alert, Button, DateFilterInput, Group, notify, Stack, Text, Textarea, TextInput } from '@backoffice/ui';
import { useState } from 'react';
import { INSTRUCTION_LABELS } from '../../../lib/boletos/boletoModel';
import { useBoletoInstruction } from '../api/boletoQueries';

/** An instruction to the bank on a registered boleto, sent with the next remessa. */
export function InstructionForm({ boleto, kind, onDone }: { boleto: BoletoDetail; kind: BoletoInstructionKind; onDone: () => void }) {
  const instruct = useBoletoInstruction(boleto.id);
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    setErrors({});
    const cents = amount ? Math.round(Number(amount.replace(/\./g, '').replace(',', '.')) * 100) : undefined;
    try {
      await instruct.mutateAsync({
        kind,
        ...(kind === 'ALTERACAO_VENCIMENTO' && dueDate ? { new_due_date: dueDate } : {}),
        ...(kind === 'ABATIMENTO' && cents !== undefined && !Number.isNaN(cents) ? { amount_cents: cents } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      notify(`${INSTRUCTION_LABELS[kind]}: instrução registrada para a próxima remessa.`, 'success');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const byField: Record<string, string> = { _: error.message };
        for (const f of error.fields) byField[f.field] = f.message;
        setErrors(byField);
      } else setErrors({ _: String(error) });
    }
  };
  return (
    <Stack gap="sm">
      {kind === 'ALTERACAO_VENCIMENTO' && (
        <div>
          <DateFilterInput label="Novo vencimento" value={dueDate} onChange={setDueDate} />
          {errors.new_due_date && (
            <Text size="xs" c="red.8" role="alert">
              {errors.new_due_date}
            </Text>
          )}
        </div>
      )}
      {kind === 'ABATIMENTO' && <TextInput label="Valor do abatimento (R$)" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} inputMode="decimal" error={errors.amount_cents} />}
      <Textarea label="Motivo (opcional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} autosize minRows={2} />
      {errors._ && !errors.new_due_date && !errors.amount_cents && !errors.reason && (
        <Alert color="red" role="alert">
          {errors._}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} loading={instruct.isPending}>
          {INSTRUCTION_LABELS[kind]}
        </Button>
      </Group>
    </Stack>
  );
}
