import { DeniedNotice } from '../features/guard/components/denied';
import { Layout } from '../features/layout/components/Layout';
import { NotificationBell } from '../features/notifications/components/NotificationBell';
import type { ReactNode } from 'react';

/**
 * The frame of every page with `layout: true`: the layout feature's `Layout` with the notifications bell in the
 * header and the denied notice above the page. Composed here, in the app, because features do not import one
 * another (eslint: `boundaries`).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <Layout headerActions={<NotificationBell />} notice={<DeniedNotice />}>
      {children}
    </Layout>
  );
}
