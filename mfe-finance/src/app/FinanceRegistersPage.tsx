import type { PageProps } from '@backoffice/routes';
import { Spinner, Stack, Tabs } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { ChartOfAccounts } from '../features/chart-of-accounts/components/ChartOfAccounts';
import { BankAccountsTab } from '../features/bank-accounts/components/BankAccountsTab';
import { AgreementsSection } from '../features/agreements/components/AgreementsSection';
import { CostCentersTab } from '../features/cost-centers/components/CostCentersTab';
// Its form is on the tab itself: the tab (and zod) is fetched when it is opened.
const FinanceSettingsTab = lazy(() => import('../features/finance-settings/components/FinanceSettingsTab').then((m) => ({ default: m.FinanceSettingsTab })));

/**
 * `/backoffice/financeiro/planos-de-conta` ("Cadastros financeiros", finance.md §2): one tab per register, each its
 * own feature, put together here. Built: the chart of accounts, the cost centres, the bank accounts and the
 * parameters (alçada); the convênios live inside the bank accounts tab.
 */
export default function FinanceRegistersPage(props: PageProps) {
  const [tab, setTab] = useState('chart');
  return (
    <Tabs value={tab} onChange={(value) => setTab(value ?? 'chart')}>
      <Tabs.List mb="md">
        <Tabs.Tab value="chart">Plano de contas</Tabs.Tab>
        <Tabs.Tab value="cost-centers">Centros de custo</Tabs.Tab>
        <Tabs.Tab value="bank-accounts">Contas bancárias e convênios</Tabs.Tab>
        <Tabs.Tab value="settings">Parâmetros</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="chart">
        <ChartOfAccounts {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="cost-centers">
        <CostCentersTab />
      </Tabs.Panel>
      <Tabs.Panel value="bank-accounts">
        <Stack gap="xl">
          <BankAccountsTab />
          <AgreementsSection />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="settings">
        {tab === 'settings' && (
          <Suspense fallback={<Spinner />}>
            <FinanceSettingsTab />
          </Suspense>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
