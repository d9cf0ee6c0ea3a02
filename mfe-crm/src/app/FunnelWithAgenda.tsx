import type { PageProps } from '@backoffice/routes';
import { AgendaPanel } from '../features/activities/components/AgendaPanel';
import FunnelPage from '../features/funnel/components/FunnelPage';

/** `/crm`: the funnel feature's page with the activities feature's "Agenda de hoje" beside it. */
export default function FunnelWithAgenda(props: PageProps) {
  return <FunnelPage {...props} agenda={AgendaPanel} />;
}
