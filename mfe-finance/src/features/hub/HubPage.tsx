import { hasDispatchPermission, useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { UnderConstruction } from '@backoffice/ui';
import { Link } from 'react-router';

/** The hub's landing and dispatch pages: navigation by permission; the dispatch features come later. */
export default function HubPage({ route }: PageProps) {
  const { user } = useSession();
  return (
    <>
      <nav aria-label="Hub" className="bo-row" style={{ marginBottom: '1rem' }}>
        <Link to="/hub">Hub</Link>
        {user && hasDispatchPermission(user, 'dispatch') && <Link to="/hub/despachos">Despachos</Link>}
        {user && hasDispatchPermission(user, 'approval') && <Link to="/hub/despachos/aprovacoes">Aprovações</Link>}
      </nav>
      <UnderConstruction title={route.title} />
    </>
  );
}
