import { useSession } from '@backoffice/auth';
import { Link } from 'react-router';
import { visibleAreas } from './areas';

export default function HomePage() {
  const { user } = useSession();
  if (!user) return null;
  const areas = visibleAreas(user);
  return (
    <section>
      <h1>Olá, {user.name}</h1>
      <p className="bo-muted">Estas são as áreas que você pode acessar.</p>
      <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' }}>
        {areas.map((area) => (
          <nav key={area.name} className="bo-card" aria-label={area.name}>
            <h2>{area.name}</h2>
            <ul>
              {area.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </section>
  );
}
