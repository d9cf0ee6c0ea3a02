import { CONTENT_MAX_WIDTH, HEADER_HEIGHT, Anchor, AppShell, Burger, Container, Group, useDisclosure, Link } from '@backoffice/ui';
import type { ReactNode } from 'react';
import { PwaBanners } from '../../../pwa/PwaBanners';
import { MainMenu } from './MainMenu';
import { PageBreadcrumbs } from './PageBreadcrumbs';
import { UserMenu } from './UserMenu';

/** Below this width the menu is a drawer opened by the burger (phones, small tablets). */
const NAVBAR_BREAKPOINT = 'md';
export const NAVBAR_WIDTH = 272;

interface LayoutProps {
  children: ReactNode;
  /** In the header, before the user menu (the shell puts the notifications bell there: `app/AppFrame.tsx`). */
  headerActions?: ReactNode;
  /** Between the breadcrumbs and the page (the shell puts the denied notice there). */
  notice?: ReactNode;
}

/**
 * The app frame: the header (brand, burger on narrow screens, `headerActions`, user menu), the menu by area
 * with only the pages the user can open, the breadcrumbs, `notice`, and the page, at most 1800 px wide. What
 * other features put in it comes as props, so this feature imports none of them.
 */
export function Layout({ children, headerActions, notice }: LayoutProps) {
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header bg="neutral.7" c="white" withBorder={false}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom={NAVBAR_BREAKPOINT}
              size="sm"
              color="white"
              aria-label={menuOpened ? 'Fechar menu' : 'Abrir menu'}
              aria-controls="menu-principal"
              aria-expanded={menuOpened}
            />
            <Anchor component={Link} to="/inicio" c="white" fw={700} fz="lg" underline="never">
              Backoffice
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerActions}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="menu-principal" component="nav" aria-label="Menu principal" p="xs">
        {/* The browser's own scrolling: Mantine's ScrollArea measures itself on every resize, on every page. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <MainMenu onNavigate={menu.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="neutral.0">
        <Container size={CONTENT_MAX_WIDTH} px={0}>
          <PageBreadcrumbs />
          {notice}
          {children}
        </Container>
      </AppShell.Main>
      <PwaBanners />
    </AppShell>
  );
}
