import { useGetActivity } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Button, Form, FormErrors, Link, NativeSelectField, notify, SelectField, Spinner, Stack, Text, useZodForm } from '@backoffice/ui';
import { useState } from 'react';
import { z } from 'zod';
import { KIND_LABELS, options } from '../../../lib/activityVocabulary';
import { useClientOptions } from '../../../lib/pickers';
import { useTimerMutations } from '../api/timerQueries';

/** No timer yet: start one on the activity of the address, or standalone. */
export function StartPanel({ activityId }: { activityId: string | null }) {
  return activityId ? <ActivityStart id={activityId} /> : <StandaloneStart />;
}

function ActivityStart({ id }: { id: string }) {
  const activity = useGetActivity(id);
  const { start, refresh } = useTimerMutations();
  if (activity.isPending) return <Spinner />;
  if (activity.isError) {
    return (
      <Alert color="red" role="alert" title="Atividade não encontrada">
        <Anchor component={Link} to="/timer">
          Cronometrar um atendimento avulso
        </Anchor>
      </Alert>
    );
  }
  const a = activity.data;
  const begin = () =>
    void start.mutateAsync({ activity_id: a.id }).catch((error: unknown) => {
      notify(error instanceof Error ? error.message : 'Não foi possível iniciar.', 'error');
      void refresh();
    });
  return (
    <Stack gap="lg">
      <Stack gap={4} align="center">
        <Text c="dimmed">{KIND_LABELS[a.kind] ?? a.kind}</Text>
        <Text size="xl" fw={600} ta="center">
          {a.subject}
        </Text>
        {a.client_name && <Text c="dimmed">{a.client_name}</Text>}
      </Stack>
      {a.done_at ? (
        <Alert color="gray" title="Esta atividade já foi concluída" />
      ) : (
        <Button size="xl" h={80} onClick={begin} loading={start.isPending}>
          Iniciar
        </Button>
      )}
    </Stack>
  );
}

const LABELS = { client_id: 'Cliente', kind: 'Tipo' };

const standaloneSchema = z.object({
  client_id: z.string().min(1, 'Escolha o cliente.'),
  kind: z.string().min(1, 'Escolha o tipo.'),
});
type StandaloneValues = z.input<typeof standaloneSchema>;

/** A call or an evaluation not scheduled: the activity is created, done, when the timer stops. */
function StandaloneStart() {
  const { start } = useTimerMutations();
  const [search, setSearch] = useState('');
  const clients = useClientOptions(search);
  const form = useZodForm(standaloneSchema, { defaultValues: { client_id: '', kind: 'ligacao' } });
  const submit = async (v: z.output<typeof standaloneSchema>) => {
    await start.mutateAsync({ client_id: v.client_id, kind: v.kind });
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} aria-label="Iniciar atendimento avulso">
      <Stack gap="md">
        <FormErrors labels={LABELS} />
        <SelectField<StandaloneValues>
          name="client_id"
          label="Cliente"
          size="lg"
          searchable
          data={clients}
          onSearchChange={setSearch}
          nothingFoundMessage="Nenhum cliente encontrado"
          placeholder="Nome, CPF/CNPJ, e-mail ou telefone"
          filter={({ options: found }) => found}
          withAsterisk
        />
        <NativeSelectField<StandaloneValues> name="kind" label="Tipo" size="lg" data={options(KIND_LABELS)} withAsterisk />
        <Button type="submit" size="xl" h={80} loading={form.formState.isSubmitting}>
          Iniciar
        </Button>
      </Stack>
    </Form>
  );
}
