import { ApiError } from '@backoffice/api-client';
import { useCrmPluginConfig, type CrmPluginLookupParams, type PluginClientCard, type User } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Alert, Button, Group, Paper, PasswordInput, Spinner, Stack, Text, TextInput, Title, useSearchParams } from '@backoffice/ui';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { AuthRequiredError, createPluginClient, type PluginClient } from '../api/pluginClient';
import { ClientCard, NewLead } from './ClientCard';
import {
  activityLogged,
  authRequired,
  clientSelected,
  hostOriginOf,
  insertText,
  isAllowedOrigin,
  isLabHost,
  lookupOfContext,
  lookupOfTyped,
  pluginError,
  ready,
  resize,
  type HostContext,
  type HostMessage,
  type LookupQuery,
} from '../contract/messages';
import { useHostBridge, type HostBridge } from '../hooks/useHostBridge';

/**
 * `/crm/plugin`: the CRM inside another console's frame (no layout, one narrow column). It works only for a host
 * whose origin the server allows (`GET /api/v1/crm/plugin/config`); for any other it says "Origem não autorizada"
 * and stays inert (no listener, no message). It signs in inside the frame with a session of its own. The CRM
 * laboratory's host emulator (`/crmDev`, the app's own origin) is accepted as a host too.
 */
export default function PluginPage(_props: PageProps) {
  const config = useCrmPluginConfig();
  const [params] = useSearchParams();
  const origin = useMemo(
    () => (window.parent === window ? null : hostOriginOf(window.location.ancestorOrigins, document.referrer)),
    [],
  );
  // The laboratory's host emulator (`/crmDev`, this app's own origin) is a host too.
  const lab = useMemo(() => isLabHost(origin, window.location.origin, parentPath()), [origin]);
  if (config.isPending) return <Spinner label="Verificando a origem…" />;
  if (origin === null || config.isError || !(lab || isAllowedOrigin(origin, config.data.allowed_origins))) {
    return (
      <Stack maw={420} p="sm">
        <Alert color="red" title="Origem não autorizada" role="alert">
          Este plugin só funciona dentro de um console autorizado pelo administrador.
        </Alert>
      </Stack>
    );
  }
  return <Plugin origin={origin} chatwoot={params.get('host') === 'chatwoot'} />;
}

/** The path of the page framing the plugin, when it is of this origin (a cross-origin parent cannot be read). */
function parentPath(): string | null {
  try {
    return window.parent.location.pathname;
  } catch {
    return null;
  }
}

/** The error code a failed lookup tells the host (never the message, which may name what was searched). */
function errorCode(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'limite_de_consultas';
    if (error.status === 422) return 'consulta_invalida';
    if (error.status === 403) return 'sem_permissao';
  }
  return 'falha_na_consulta';
}

function describe(query: LookupQuery): string {
  if ('phone' in query) return query.phone;
  if ('email' in query) return query.email;
  return query.document;
}

function Plugin({ origin, chatwoot }: { origin: string; chatwoot: boolean }) {
  const client = useMemo<PluginClient>(() => createPluginClient(), []);
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [term, setTerm] = useState('');
  const [context, setContext] = useState<HostContext | null>(null);
  const [pending, setPending] = useState<LookupQuery | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The last query and the card as an action left it (a lookup starts afresh).
  const [asked, setAsked] = useState<LookupQuery | null>(null);
  const [changed, setChanged] = useState<PluginClientCard | null>(null);
  const bridgeRef = useRef<HostBridge | null>(null);
  // The client on the card (a host message may arrive between renders).
  const selected = useRef<string | null>(null);
  const send = useCallback((message: Parameters<HostBridge['send']>[0]) => bridgeRef.current?.send(message), []);

  const lookup = useMutation({
    mutationFn: (query: CrmPluginLookupParams) => client.lookup(query),
    onMutate: () => setChanged(null),
    onSuccess: (answer) => {
      selected.current = answer.client?.id ?? null;
      if (answer.client) send(clientSelected(answer.client.id, answer.client.name));
    },
    onError: (error, query) => {
      if (error instanceof AuthRequiredError) {
        setUser(null);
        setPending(query as LookupQuery);
        send(authRequired());
      } else {
        send(pluginError(errorCode(error)));
      }
    },
  });

  const run = useCallback(
    (query: LookupQuery) => {
      setTerm(describe(query));
      setAsked(query);
      if (user) lookup.mutate(query);
      else setPending(query);
    },
    [user, lookup],
  );

  const onMessage = useCallback(
    (message: HostMessage) => {
      switch (message.type) {
        case 'crm:ping':
          send(ready());
          break;
        case 'crm:context': {
          setContext(message.payload);
          const query = lookupOfContext(message.payload);
          if (query) run(query);
          break;
        }
        case 'crm:inbound-message': {
          // The client wrote: their active cadence pauses (a reply), as when the salesperson logs *respondeu*.
          const conversation = message.payload.conversationId;
          const clientId = selected.current;
          if (!clientId) {
            setNote(`Nova mensagem na conversa ${conversation}: nenhum cliente selecionado.`);
            break;
          }
          client
            .inboundMessage(clientId)
            .then(({ paused }) =>
              setNote(
                paused > 0
                  ? `Nova mensagem na conversa ${conversation}: cadência pausada (resposta).`
                  : `Nova mensagem na conversa ${conversation}: nenhuma cadência ativa para pausar.`,
              ),
            )
            .catch((error: unknown) => send(pluginError(errorCode(error))));
          break;
        }
      }
    },
    [run, send, client],
  );
  const bridge = useHostBridge(origin, chatwoot, onMessage);
  bridgeRef.current = bridge;
  const sendToHost = bridge.send;

  // Ready, then the session the refresh cookie may still hold, then the host's context (Chatwoot: asked for).
  useEffect(() => {
    bridge.send(ready());
    bridge.requestContext();
    let cancelled = false;
    client
      .resume()
      .catch(() => null)
      .then((resumed) => {
        if (cancelled) return;
        setUser(resumed);
        if (!resumed) bridge.send(authRequired());
      });
    return () => {
      cancelled = true;
    };
    // Once per frame load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A lookup the host asked for before the person signed in runs once they do.
  useEffect(() => {
    if (user && pending) {
      setPending(null);
      lookup.mutate(pending);
    }
  }, [user, pending, lookup]);

  // The host sizes the frame to the content.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        sendToHost(resize(height));
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [sendToHost]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const query = lookupOfTyped(term);
    if (query) run(query);
  };

  const signOut = async () => {
    await client.signOut();
    lookup.reset();
    setUser(null);
    send(authRequired());
  };

  return (
    <Stack ref={root} maw={420} p="sm" gap="sm">
      <Group justify="space-between">
        <Title order={4}>CRM</Title>
        {user ? (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {user.name}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void signOut()}>
              Sair
            </Button>
          </Group>
        ) : null}
      </Group>
      {user === undefined ? <Spinner label="Verificando a sessão…" /> : null}
      {user === null ? <SignIn client={client} onSignedIn={setUser} /> : null}
      {user ? (
        <>
          <form onSubmit={onSearch}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label="Telefone, e-mail ou CPF/CNPJ"
                value={term}
                onChange={(e) => setTerm(e.currentTarget.value)}
                maxLength={320}
              />
              <Button type="submit" loading={lookup.isPending}>
                Buscar
              </Button>
            </Group>
          </form>
          {chatwoot ? (
            <Button size="compact-sm" variant="light" onClick={bridge.requestContext}>
              Atualizar da conversa
            </Button>
          ) : null}
          <LookupResult
            key={asked ? describe(asked) : ''}
            state={lookup}
            changed={changed}
            contact={{
              name: context?.name ?? undefined,
              phone: context?.phone ?? (asked && 'phone' in asked ? asked.phone : undefined),
              email: context?.email ?? (asked && 'email' in asked ? asked.email : undefined),
            }}
            client={client}
            onChanged={setChanged}
            onActivityLogged={(id) => send(activityLogged(id))}
            onInsert={(text) => send(insertText(text))}
          />
        </>
      ) : null}
      {note ? (
        <Text size="xs" c="dimmed" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

function SignIn({ client, onSignedIn }: { client: PluginClient; onSignedIn: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({ mutationFn: () => client.signIn(email, password), onSuccess: onSignedIn });
  return (
    <Paper withBorder p="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          signIn.mutate();
        }}
      >
        <Stack gap="xs">
          <Text size="sm">Entre para consultar clientes (sessão de até 12 horas, só neste console).</Text>
          <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Senha" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          {signIn.error ? (
            <Alert color="red" role="alert">
              {signIn.error.message}
            </Alert>
          ) : null}
          <Button type="submit" loading={signIn.isPending}>
            Entrar
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

interface LookupState {
  isIdle: boolean;
  isPending: boolean;
  error: Error | null;
  data: { client?: PluginClientCard | null; notice?: string | null } | undefined;
}

interface LookupResultProps {
  state: LookupState;
  /** The card as an action left it, over the lookup's. */
  changed: PluginClientCard | null;
  contact: { name?: string; phone?: string; email?: string };
  client: PluginClient;
  onChanged: (card: PluginClientCard) => void;
  onActivityLogged: (activityId: string) => void;
  /** Asks the host to insert `text` in the conversation. */
  onInsert: (text: string) => void;
}

function LookupResult({ state, changed, contact, client, onChanged, onActivityLogged, onInsert }: LookupResultProps) {
  const [created, setCreated] = useState<string | null>(null);
  if (state.isIdle) return <Text size="sm" c="dimmed">Busque um cliente ou aguarde a conversa do console.</Text>;
  if (state.isPending) return <Spinner label="Buscando…" />;
  if (state.error) {
    if (state.error instanceof AuthRequiredError) return null;
    return (
      <Alert color="red" role="alert">
        {state.error.message}
      </Alert>
    );
  }
  const card = changed ?? state.data?.client;
  const notice = state.data?.notice;
  if (!card && notice) {
    // A client outside the user's portfolio: who holds it, nothing more.
    return (
      <Paper withBorder p="sm" role="status">
        <Text size="sm">{notice}</Text>
      </Paper>
    );
  }
  if (!card) {
    return (
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Text size="sm">Nenhum cliente encontrado{contact.name ? ` para ${contact.name}` : ''}.</Text>
          {created ? (
            <Alert color="green" role="status">
              Lead criado no funil: {created}
            </Alert>
          ) : (
            <NewLead client={client} contact={contact} onCreated={(lead) => setCreated(lead.title)} />
          )}
        </Stack>
      </Paper>
    );
  }
  return <ClientCard card={card} client={client} onChanged={onChanged} onActivityLogged={onActivityLogged} onInsert={onInsert} />;
}
