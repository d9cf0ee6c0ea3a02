import type { PageProps } from '@backoffice/routes';
import { Stack, Tabs, Text, Title, useSearchParams } from '@backoffice/ui';
import { CadenceSimulatorTab } from './CadenceSimulatorTab';
import { PluginTab } from './PluginTab';
import { PreviewsTab } from './PreviewsTab';

const TABS = ['previas', 'cadencia', 'plugin'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/crmDev`, the CRM's laboratory (ADMIN, SUPER_ADMIN): features in preview per role, team or user; the cadence
 * simulator (a dry run); the plugin's allowed origins and a host emulator framing `/crm/plugin`. Nothing here
 * changes business data.
 */
export default function LabPage({ route }: PageProps) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('aba')) ?? 'previas';
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Text c="dimmed" size="sm">
        Área de testes do CRM: nada aqui altera clientes, oportunidades, atividades ou cadências.
      </Text>
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'previas' ? { aba: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="previas">Recursos em prévia</Tabs.Tab>
          <Tabs.Tab value="cadencia">Simulador de cadência</Tabs.Tab>
          <Tabs.Tab value="plugin">Plugin</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="previas" pt="md">
          <PreviewsTab />
        </Tabs.Panel>
        <Tabs.Panel value="cadencia" pt="md">
          <CadenceSimulatorTab />
        </Tabs.Panel>
        <Tabs.Panel value="plugin" pt="md">
          <PluginTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
