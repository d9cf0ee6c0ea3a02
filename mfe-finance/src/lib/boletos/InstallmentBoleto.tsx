import { Anchor, Group, Link, Text } from '@backoffice/ui';
import { useInstallmentBoletos } from './boletoHooks';
import { BoletoStatusBadge } from './BoletoStatusBadge';

const LIVE = new Set(['EMITIDO', 'EM_REMESSA', 'REGISTRADO', 'BAIXA_SOLICITADA', 'PROTESTADO']);

/** The installment's live boleto (or the last one), linked to its page, for the installment's panel. */
export function InstallmentBoleto({ installmentId }: { installmentId: string }) {
  const boletos = useInstallmentBoletos(installmentId);
  const items = boletos.data?.items ?? [];
  const shown = items.find((b) => LIVE.has(b.status)) ?? items[0];
  if (boletos.isPending) return <Text size="sm">…</Text>;
  if (!shown) return <Text size="sm">Sem boleto</Text>;
  return (
    <Group gap="xs">
      <Anchor component={Link} to={`/boletos/detalhes?id=${shown.id}`} ff="monospace" size="sm">
        {shown.nosso_numero_formatted}
      </Anchor>
      <BoletoStatusBadge status={shown.status} />
    </Group>
  );
}
