import { Badge, Group, Loader, Overlay, Paper, Portal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { ToolIcon } from './icons';

/**
 * A loading message. With `delayMs` it stays invisible for that long: most waits (restoring a stored session)
 * end sooner, and flashing a message that is replaced right away shifts the layout.
 */
export function Spinner({ label = 'Carregando…', delayMs = 0 }: { label?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <Group justify="center" gap="sm" p="xl" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{label}</Text>
    </Group>
  );
}

/** For routes whose business feature a later issue builds: say so, show no fake data. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <ToolIcon size={24} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Badge variant="light" color="yellow" size="lg" radius="sm" tt="none" w="fit-content">
            Em construção
          </Badge>
          <Text c="dimmed">Esta página ainda está sendo desenvolvida e estará disponível em uma próxima versão.</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The page every not-yet-built route renders (takes the shell's page props: route title and description). */
export function UnderConstructionPage({ route, description }: { route: { title: string }; description?: string }) {
  return (
    <Stack gap="md">
      {description && <Text c="dimmed">{description}</Text>}
      <UnderConstruction title={route.title} />
    </Stack>
  );
}

/**
 * A modal alert the user cannot dismiss (the hub's "Acesso negado": no buttons, it goes away by itself).
 * Mantine's Modal is always a dismissable `dialog`; this is an `alertdialog` built from its parts.
 */
export function AlertDialog({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const titleId = useId();
  return (
    <Portal>
      <Overlay fixed center zIndex={300} backgroundOpacity={0.45}>
        <Paper role="alertdialog" aria-modal="true" aria-labelledby={titleId} p="lg" m="md" radius="md" shadow="xl" maw={448}>
          <Title order={2} size="h3" id={titleId} mb="sm">
            {title}
          </Title>
          <Stack gap="xs">{children}</Stack>
          {actions && (
            <Group justify="flex-end" mt="md">
              {actions}
            </Group>
          )}
        </Paper>
      </Overlay>
    </Portal>
  );
}

/** A small label above its value: the detail panels' read-only fields ("Vencimento", "10/03/2026"). */
export function LabeledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}
