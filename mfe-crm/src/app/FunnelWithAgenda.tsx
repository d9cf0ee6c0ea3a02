import type { PageProps } from '@backoffice/routes';
import { AgendaPanel } from '../features/activities/components/AgendaPanel';
import FunnelPage from '../features/funnel/components/FunnelPage';
import { usePreview } from '../lib/previews';

/**
 * `/crm`: the funnel feature's page with the activities feature's "Agenda de hoje" beside it — a feature in preview
 * (`funil_agenda`, `/crmDev`), left out for whom it is turned off.
 */
export default function FunnelWithAgenda(props: PageProps) {
  const agenda = usePreview('funil_agenda');
  return <FunnelPage {...props} agenda={agenda ? AgendaPanel : undefined} />;
}
