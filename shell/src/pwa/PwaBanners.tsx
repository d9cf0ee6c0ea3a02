import { Button } from '@backoffice/ui';
import { acceptInstall, dismissInstall } from './installPrompt';
import { usePwaState } from './pwaState';
import { applyUpdate } from './registerServiceWorker';

/**
 * Update and install prompts float at the bottom (fixed), so appearing late never shifts the page content
 * (a banner pushed into the flow was the page's only layout shift).
 */
export function PwaBanners() {
  const { needRefresh, installPromptVisible, offlineReady } = usePwaState();
  return (
    <div className="bo-pwa-banners" data-offline-ready={offlineReady ? 'true' : 'false'}>
      {needRefresh && (
        <div className="bo-alert bo-alert--info bo-row" role="status" style={{ alignItems: 'center' }}>
          <span>Uma nova versão está disponível.</span>
          <Button onClick={applyUpdate}>Atualizar</Button>
        </div>
      )}
      {installPromptVisible && (
        <div className="bo-alert bo-alert--info bo-row" role="status" style={{ alignItems: 'center' }}>
          <span>Instale o Backoffice neste dispositivo para abrir mais rápido e usar sem conexão.</span>
          <Button onClick={() => void acceptInstall()}>Instalar</Button>
          <Button variant="secondary" onClick={dismissInstall}>
            Agora não
          </Button>
        </div>
      )}
    </div>
  );
}
