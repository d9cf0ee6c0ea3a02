import { Affix, Button, Group, Paper, Stack, Text } from '@backoffice/ui/host';
import { acceptInstall, dismissInstall } from './installPrompt';
import { usePwaState } from './pwaState';
import { applyUpdate } from './registerServiceWorker';

/**
 * Update and install prompts float at the bottom left (fixed), so appearing late never shifts the page content
 * (a banner pushed into the flow was the page's only layout shift).
 */
export function PwaBanners() {
  const { needRefresh, installPromptVisible, offlineReady } = usePwaState();
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={250} data-offline-ready={offlineReady ? 'true' : 'false'} maw="calc(100vw - 32px)" w={512}>
      <Stack gap="xs">
        {needRefresh && (
          <Paper withBorder shadow="md" p="sm" radius="md" role="status">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Uma nova versão está disponível.</Text>
              <Button size="xs" onClick={applyUpdate}>
                Atualizar
              </Button>
            </Group>
          </Paper>
        )}
        {installPromptVisible && (
          <Paper withBorder shadow="md" p="sm" radius="md" role="status">
            <Text size="sm">Instale o Backoffice neste dispositivo para abrir mais rápido e usar sem conexão.</Text>
            <Group justify="flex-end" gap="xs" mt="xs">
              <Button size="xs" variant="default" onClick={dismissInstall}>
                Agora não
              </Button>
              <Button size="xs" onClick={() => void acceptInstall()}>
                Instalar
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>
    </Affix>
  );
}
