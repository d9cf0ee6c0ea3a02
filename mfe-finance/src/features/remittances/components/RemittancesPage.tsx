import type { PageProps } from '@backoffice/routes';
import { Stack, Tabs, Title, useSearchParams } from '@backoffice/ui';
import { TABS, tabOf } from '../api/remittanceModel';
import { PendenciesTab } from './PendenciesTab';
import { RemittancesTab } from './RemittancesTab';
import { ReturnsTab } from './ReturnsTab';

/**
 * `/remessas`: the remessas de cobrança, the retornos that answered them (with their progress while applied) and
 * the pendências those left, in three tabs (`?aba=retornos`). Switching tabs drops the other tab's filters.
 */
export default function RemittancesPage({ route }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('aba'));
  const choose = (value: string | null) => setSearch(value && value !== 'remessas' ? { aba: value } : {});
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="remessas" pt="md">
          <RemittancesTab />
        </Tabs.Panel>
        <Tabs.Panel value="retornos" pt="md">
          <ReturnsTab />
        </Tabs.Panel>
        <Tabs.Panel value="pendencias" pt="md">
          <PendenciesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
