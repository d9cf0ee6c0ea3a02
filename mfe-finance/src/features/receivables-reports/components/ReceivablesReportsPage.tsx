import type { PageProps } from '@backoffice/routes';
import { Stack, Tabs, Title, todayInSaoPaulo, useSearchParams } from '@backoffice/ui';
import { useMemo } from 'react';
import { readParams, TABS, type ReportParams } from '../api/reportsModel';
import { AgingTab } from './AgingTab';
import { CashFlowTab } from './CashFlowTab';
import { ReceiptsTab } from './ReceiptsTab';

/**
 * `/recebimentos-por-periodo`: the receivables reports in three tabs — Recebimentos (by period), Aging and Fluxo de
 * caixa previsto —, every parameter in the URL (`?aba=aging&as_of=2026-03-10…`), so a report is linked and reloaded
 * as it was. Only the open tab asks the server.
 */
export default function ReceivablesReportsPage({ route }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search, todayInSaoPaulo()), [search]);
  const set = (name: keyof ReportParams, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Tabs value={params.aba} onChange={(value) => set('aba', value === 'recebimentos' ? '' : (value ?? ''))} keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="recebimentos" pt="md">
          <ReceiptsTab params={params} set={set} />
        </Tabs.Panel>
        <Tabs.Panel value="aging" pt="md">
          <AgingTab params={params} set={set} />
        </Tabs.Panel>
        <Tabs.Panel value="fluxo" pt="md">
          <CashFlowTab params={params} set={set} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
