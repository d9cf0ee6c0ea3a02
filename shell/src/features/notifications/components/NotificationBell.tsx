import { useSession } from '@backoffice/auth';
import { BellIcon, CheckIcon, formatDateTime, ActionIcon, Anchor, Box, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton, useNavigate } from '@backoffice/ui';
import { useId, useState } from 'react';
import { useMarkAllRead, useMarkRead, useNotifications, type Notification } from '../api/notificationsApi';

/** The badge: the count, "99+" past that. */
export function unreadBadge(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** "3 não lidas" for the bell's name; it contains the badge's text, as the visible text must be in the name. */
export function unreadLabel(unread: number): string {
  if (unread === 0) return 'nenhuma não lida';
  return `${unreadBadge(unread)} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}

/** The header's bell: the unread count, and a dropdown with the latest notifications. */
export function NotificationBell() {
  const { status } = useSession();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const query = useNotifications(status === 'signed-in');
  const unread = query.data?.unread ?? 0;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal trapFocus={false} returnFocus>
      {/* The target gets the popover's aria-haspopup/aria-expanded: it must be the button itself. */}
      <Popover.Target>
        <ActionIcon variant="subtle" color="white" size="lg" radius="xl" aria-label={`Notificações: ${unreadLabel(unread)}`} onClick={() => setOpened((o) => !o)}>
          <Indicator label={unreadBadge(unread)} size={18} color="red" offset={2} disabled={unread === 0}>
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      {/* Named by its own title (Mantine would name it after the bell, count included). */}
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)" aria-labelledby={titleId}>
        <NotificationList
          titleId={titleId}
          items={query.data?.items ?? []}
          unread={unread}
          loading={query.isPending}
          failed={query.isError}
          onOpen={() => setOpened(false)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

interface ListProps {
  titleId: string;
  items: Notification[];
  unread: number;
  loading: boolean;
  failed: boolean;
  onOpen: () => void;
}

export function NotificationList({ titleId, items, unread, loading, failed, onOpen }: ListProps) {
  const markAll = useMarkAllRead();
  return (
    <>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={700} id={titleId}>
          Notificações
        </Text>
        {unread > 0 && (
          <Button variant="subtle" size="compact-xs" onClick={() => markAll.mutate()} loading={markAll.isPending}>
            Marcar todas como lidas
          </Button>
        )}
      </Group>
      <Divider />
      <ScrollArea.Autosize mah={420} type="auto">
        {loading && (
          <Text c="dimmed" size="sm" p="md">
            Carregando…
          </Text>
        )}
        {failed && (
          <Text c="dimmed" size="sm" p="md">
            Não foi possível carregar as notificações.
          </Text>
        )}
        {!loading && !failed && items.length === 0 && (
          <Text c="dimmed" size="sm" p="md">
            Nenhuma notificação.
          </Text>
        )}
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={onOpen} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const unread = !item.read_at;
  const internal = item.url.startsWith('/') && !item.url.startsWith('//');
  const open = () => {
    if (unread) markRead.mutate({ id: item.id });
    onOpen();
    if (internal) navigate(item.url);
    else window.open(item.url, '_blank', 'noopener');
  };
  return (
    <Box component="li" px="md" py="sm" bg={unread ? 'green.0' : undefined} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-unread={unread || undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <UnstyledButton onClick={open} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={unread ? 700 : 500}>
            {item.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.body}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {formatDateTime(item.created_at)}
          </Text>
        </UnstyledButton>
        {unread ? (
          <Anchor component="button" type="button" size="xs" onClick={() => markRead.mutate({ id: item.id })} style={{ whiteSpace: 'nowrap' }}>
            marcar como lida
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <CheckIcon size={12} /> lida
          </Text>
        )}
      </Group>
    </Box>
  );
}
