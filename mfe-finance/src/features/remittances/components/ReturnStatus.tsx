import type { BankReturn } from '@backoffice/api-client/endpoints';
import { Badge, Stack, Text, Progress } from '@backoffice/ui';
import { RETURN_STATUS_COLORS, RETURN_STATUS_LABELS, returnProgress } from '../api/remittanceModel';

/** A retorno's status, or its progress bar while the worker applies it (polled). */
export function ReturnStatus({ bankReturn }: { bankReturn: BankReturn }) {
  const progress = returnProgress(bankReturn);
  if (progress) {
    return (
      <Stack gap={2} miw={160}>
        <Progress value={progress.percent} size="md" aria-label={`Processando ${bankReturn.file_name}`} striped animated />
        <Text size="xs" c="dimmed" role="status">
          {progress.label}
        </Text>
      </Stack>
    );
  }
  return (
    <Badge color={RETURN_STATUS_COLORS[bankReturn.status] ?? 'gray'} variant="light" tt="none">
      {RETURN_STATUS_LABELS[bankReturn.status] ?? bankReturn.status}
    </Badge>
  );
}
