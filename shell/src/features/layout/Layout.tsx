import { useSession } from '@backoffice/auth';
import { Button } from '@backoffice/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PwaBanners } from '../../pwa/PwaBanners';

export function Layout({ children }: { children: ReactNode }) {
  const { user, signOut } = useSession();
  return (
    <>
      <header style={{ background: 'var(--bo-neutral)', color: '#fff' }}>
        <div className="bo-container bo-row" style={{ padding: '.75rem 1.5rem', alignItems: 'center', justifyContent: 'space-between' }}>
          <nav className="bo-row" aria-label="Principal" style={{ alignItems: 'center' }}>
            <Link to="/inicio" style={{ color: '#fff', fontWeight: 700, textDecoration: 'none' }}>
              Backoffice
            </Link>
            <Link to="/inicio" style={{ color: '#fff' }}>
              Início
            </Link>
            <Link to="/perfil" style={{ color: '#fff' }}>
              Meu perfil
            </Link>
          </nav>
          <div className="bo-row" style={{ alignItems: 'center' }}>
            {user && <span>{user.name}</span>}
            <Button variant="secondary" onClick={() => void signOut()}>
              Sair
            </Button>
          </div>
        </div>
      </header>
      <PwaBanners />
      <main className="bo-container">{children}</main>
    </>
  );
}
