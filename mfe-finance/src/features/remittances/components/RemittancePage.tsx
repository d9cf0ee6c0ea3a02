import type { PageProps } from '@backoffice/routes';
import { useSearchParams } from '@backoffice/ui';
import { NewRemittance } from './NewRemittance';
import { RemittanceDetailView } from './RemittanceDetailView';

/** `/remessa` is the new remessa de cobrança; `/remessa?id=` any remessa, with its file, results, retornos and history. */
export default function RemittancePage({ route }: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <RemittanceDetailView key={id} id={id} title="Remessa" /> : <NewRemittance title={route.title} />;
}
