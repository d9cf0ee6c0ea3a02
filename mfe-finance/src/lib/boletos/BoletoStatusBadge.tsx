import { Badge } from '@backoffice/ui';
import { BOLETO_STATUS_COLORS, BOLETO_STATUS_LABELS } from './boletoModel';

export function BoletoStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={BOLETO_STATUS_COLORS[status] ?? 'gray'} variant="light" tt="none">
      {BOLETO_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
