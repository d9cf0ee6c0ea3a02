import type { PageProps } from '@backoffice/routes';
import { lazy } from 'react';
import ClientPage from '../features/clients/components/ClientPage';

/** The client's *Atividades* tab is the activities feature's, loaded when the tab opens. */
const ClientActivities = lazy(() => import(/* webpackChunkName: "client-activities" */ '../features/activities/components/ClientActivities').then((m) => ({ default: m.ClientActivities })));

/** The client's *Oportunidades* tab is the funnel feature's, loaded when the tab opens. */
const ClientOpportunities = lazy(() => import(/* webpackChunkName: "client-opportunities" */ '../features/funnel/components/ClientOpportunities').then((m) => ({ default: m.ClientOpportunities })));

/** `/cliente`: the clients feature's page with the funnel's and the activities feature's tabs (features compose here, not in each other). */
export default function ClientWithActivities(props: PageProps) {
  return <ClientPage {...props} activities={ClientActivities} opportunities={ClientOpportunities} />;
}
