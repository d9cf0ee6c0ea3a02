import { Button } from '@backoffice/ui';
import { acceptInstall, dismissInstall } from './installPrompt';
import { usePwaState } from './pwaState';
import { applyUpdate } from './registerServiceWorker';

export function PwaBanners() {
  const { needRefresh, installPromptVisible, offlineReady } = usePwaState();
  return (
    <div className="bo-container" style={{ paddingBottom: 0, paddingTop: needRefresh || installPromptVisible ? undefined : 0 }}>
      {needRefresh && (
        <div className="bo-alert bo-alert--info bo-row" style={{ alignItems: 'center' }}>
          <span>Uma nova versão está disponível.</span>
          <Button onClick={applyUpdate}>Atualizar</Button>
        </div>
      )}
      {installPromptVisible && (
        <div className="bo-alert bo-alert--info bo-row" style={{ alignItems: 'center' }}>
          <span>Instale o Backoffice neste dispositivo para abrir mais rápido e usar sem conexão.</span>
          <Button onClick={() => void acceptInstall()}>Instalar</Button>
          <Button variant="secondary" onClick={dismissInstall}>
            Agora não
          </Button>
        </div>
      )}
      <span hidden data-offline-ready={offlineReady ? 'true' : 'false'} />
    </div>
  );
}
