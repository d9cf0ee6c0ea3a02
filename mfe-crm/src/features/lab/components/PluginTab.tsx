import { Alert, Badge, Button, Code, formatDateTime, Group, List, Paper, SimpleGrid, Spinner, Stack, Table, Text, TextInput, Title } from '@backoffice/ui';
import { useEffect, useRef, useState } from 'react';
import { logLineOf, type LogLine } from '../api/labModel';
import { usePluginOrigins } from '../api/labQueries';

/** The plugin's page, framed by the emulator (the app's own origin: `frame-ancestors 'self'`). */
const PLUGIN_URL = '/crm/plugin';

/**
 * *Plugin*: the origins allowed to frame `/crm/plugin` (read-only: the setting and the configuration) and a host
 * emulator that frames the plugin from this page and exchanges the contract v1's messages with it.
 */
export function PluginTab() {
  return (
    <Stack gap="md">
      <Origins />
      <HostEmulator />
    </Stack>
  );
}

function Origins() {
  const { all, stored } = usePluginOrigins();
  if (all.isPending || stored.isPending) return <Spinner label="Carregando as origens…" />;
  if (all.isError || stored.isError) {
    return (
      <Alert color="red" role="alert" title="Não foi possível ler as origens permitidas">
        {(all.error ?? stored.error)?.message}
      </Alert>
    );
  }
  const fromSetting = new Set(stored.data.origins);
  return (
    <Paper withBorder p="md" radius="md" aria-label="Origens permitidas">
      <Title order={3}>Origens permitidas</Title>
      <Text size="sm" c="dimmed">
        Consoles que podem emoldurar o plugin (<Code>frame-ancestors</Code> de /crm/plugin). Além delas, só o próprio backoffice
        (&apos;self&apos;), que o plugin aceita como host apenas quando emoldurado por este laboratório.
      </Text>
      {all.data.allowed_origins.length === 0 ? (
        <Text size="sm" mt="xs">
          Nenhuma origem externa permitida.
        </Text>
      ) : (
        <List size="sm" mt="xs">
          {all.data.allowed_origins.map((origin) => (
            <List.Item key={origin}>
              <Code>{origin}</Code>{' '}
              <Badge size="xs" variant="light" color={fromSetting.has(origin) ? 'blue' : 'gray'}>
                {fromSetting.has(origin) ? 'configuração do CRM' : 'BACKOFFICE_PLUGIN_FRAME_ANCESTORS'}
              </Badge>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

function HostEmulator() {
  const frame = useRef<HTMLIFrameElement>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [reload, setReload] = useState(0);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [conversation, setConversation] = useState('lab-1');

  // What the plugin sends: only from its frame and this origin.
  useEffect(() => {
    const own = window.location.origin;
    const listener = (event: MessageEvent) => {
      if (event.origin !== own || event.source !== frame.current?.contentWindow) return;
      setLog((lines) => [...lines, logLineOf('recebida', event.data, new Date())]);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const send = (message: { type: string; payload?: Record<string, unknown> }) => {
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
    setLog((lines) => [...lines, logLineOf('enviada', message, new Date())]);
  };
  const context = () => {
    const payload: Record<string, string> = { conversationId: conversation, channel: 'whatsapp' };
    if (phone.trim()) payload.phone = phone.trim();
    if (email.trim()) payload.email = email.trim();
    if (name.trim()) payload.name = name.trim();
    send({ type: 'crm:context', payload });
  };

  return (
    <Paper withBorder p="md" radius="md" aria-label="Emulador de host">
      <Title order={3}>Emulador de host</Title>
      <Text size="sm" c="dimmed">
        Esta página faz o papel do console: emoldura o plugin e troca com ele as mensagens do contrato v1. Para consultar clientes,
        entre no plugin com um usuário de vendas ou administrador (sessão própria do plugin).
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="sm">
        <iframe
          key={reload}
          ref={frame}
          src={PLUGIN_URL}
          title="Plugin do CRM"
          style={{ width: '100%', maxWidth: 440, height: 640, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
        />
        <Stack gap="xs">
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => send({ type: 'crm:ping' })}>
              Enviar crm:ping
            </Button>
            <Button size="xs" variant="default" onClick={() => send({ type: 'crm:inbound-message', payload: { conversationId: conversation, at: new Date().toISOString() } })}>
              Enviar crm:inbound-message
            </Button>
          </Group>
          <Group align="flex-end" gap="xs">
            <TextInput size="xs" label="Telefone" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} maxLength={40} />
            <TextInput size="xs" label="E-mail" value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={320} />
            <TextInput size="xs" label="Nome" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
            <TextInput size="xs" label="Conversa" value={conversation} onChange={(e) => setConversation(e.currentTarget.value)} maxLength={100} />
            <Button size="xs" variant="default" onClick={context}>
              Enviar crm:context
            </Button>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="subtle" onClick={() => setLog([])}>
              Limpar
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setLog([]);
                setReload((n) => n + 1);
              }}
            >
              Recarregar o plugin
            </Button>
          </Group>
          <Table aria-label="Mensagens trocadas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Direção</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Conteúdo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.map((line, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{line.direction}</Table.Td>
                  <Table.Td>{formatDateTime(line.at)}</Table.Td>
                  <Table.Td>
                    <Code>{line.type}</Code>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{line.payload}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
