import './styles';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { DATES_LOCALE } from './locale';
import { onModalHostRequested } from './modals';
import { backofficeTheme, cssVariablesResolver } from './theme';
import { whenPageIdle } from './idle';

/** How long a notification stays (ms). */
export const NOTIFICATION_MS = 5000;

/**
 * The notifications stack (`@mantine/notifications`, its CSS) is fetched once the first page is up (the
 * browser idle after the load event), not before: nothing on a first paint is a toast. `notify` fetches the
 * same module at once if it is called earlier, and its toasts come out, in order, when the stack mounts.
 */
const ToastHost = lazy(() => import(/* webpackChunkName: "toasts" */ './ToastHost'));
/** The confirmation modals' provider: the same, or at once when a modal is asked for sooner (modals.ts). */
const ModalHost = lazy(() => import(/* webpackChunkName: "modals" */ './ModalHost'));

/** True once the page has loaded and the browser is idle (at once in unit tests). */
function useAfterFirstLoad(immediately: boolean): boolean {
  const [ready, setReady] = useState(immediately);
  useEffect(() => (ready ? undefined : whenPageIdle(() => setReady(true), { timeout: 2000, fallbackMs: 200 })), [ready]);
  return ready;
}

interface BackofficeProviderProps {
  children: ReactNode;
  /** `test` turns transitions and portals off (unit tests). */
  env?: 'default' | 'test';
}

/**
 * Everything a page needs around it: the theme (light mode forced), pt-BR dates, confirmation modals and the
 * notifications, top right below the header so that a toast never covers the header's controls (the offset is
 * in backoffice.css: it must apply to the top-right stack only).
 */
export function BackofficeProvider({ children, env = 'default' }: BackofficeProviderProps) {
  const afterFirstLoad = useAfterFirstLoad(env === 'test');
  const [modalAsked, setModalAsked] = useState(false);
  useEffect(() => onModalHostRequested(() => setModalAsked(true)), []);
  return (
    <MantineProvider theme={backofficeTheme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={{ locale: DATES_LOCALE, firstDayOfWeek: 0, weekendDays: [0, 6] }}>
        {children}
        {afterFirstLoad ? (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        ) : null}
        {afterFirstLoad || modalAsked ? (
          <Suspense fallback={null}>
            <ModalHost />
          </Suspense>
        ) : null}
      </DatesProvider>
    </MantineProvider>
  );
}
