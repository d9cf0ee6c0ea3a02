import { Alert, Anchor, Button, downloadFile, Link, notify, Paper, SimpleGrid, Skeleton, Text, type DownloadParams } from '@backoffice/ui';
import { useState, type ReactNode } from 'react';

/** A figure that opens the installments behind it (`/recebimentos` with the same filters). */
export function DrillLink({ to, label, children, negative }: { to: string; label: string; children: ReactNode; negative?: boolean }) {
  return (
    <Anchor component={Link} to={to} aria-label={label} c={negative ? 'red.8' : undefined} size="sm">
      {children}
    </Anchor>
  );
}

/** "Exportar XLSX": the report as a spreadsheet with its parameters in the first rows. */
export function ExportButton({ url, params, name }: { url: string; params: DownloadParams; name: string }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadFile(url, { ...params, format: 'xlsx' }, `${name}.xlsx`)
      .catch((e: unknown) => notify(e instanceof Error ? e.message : String(e), 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="default" onClick={download} loading={busy}>
      Exportar XLSX
    </Button>
  );
}

/** The summary figures above a report. */
export function Summary({ items }: { items: ReadonlyArray<{ label: string; value: string; negative?: boolean }> }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={600} c={item.negative ? 'red.8' : undefined} data-summary={item.label}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** While the first answer loads, or when it failed. */
export function ReportState({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (!error) return <Skeleton h={240} />;
  return (
    <Alert color="red" role="alert" title="Não foi possível gerar o relatório.">
      <Text size="sm">{error.message}</Text>
      <Button mt="sm" variant="light" onClick={onRetry}>
        Tentar de novo
      </Button>
    </Alert>
  );
}
