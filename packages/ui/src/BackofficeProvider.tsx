import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { DATES_LOCALE } from './dates';
import { backofficeTheme, cssVariablesResolver } from './theme';

/** How long a notification stays (ms). */
export const NOTIFICATION_MS = 5000;

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
  return (
    <MantineProvider theme={backofficeTheme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={{ locale: DATES_LOCALE, firstDayOfWeek: 0, weekendDays: [0, 6] }}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Notifications position="top-right" classNames={{ root: 'bo-notifications' }} autoClose={NOTIFICATION_MS} limit={4} zIndex={1000} />
          {children}
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
