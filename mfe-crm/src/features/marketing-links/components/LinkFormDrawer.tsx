import type { Campaign, LinkVocabulary, MarketingLink } from '@backoffice/api-client/endpoints';
import { Alert, Button, Code, DateInput, Drawer, Form, FormErrors, Group, NativeSelectField, SimpleGrid, Stack, Text, TextField, useZodForm } from '@backoffice/ui';
import { useWatch } from 'react-hook-form';
import { destinationProblem, EMPTY_LINK, formFromLink, LINK_FIELD_LABELS, linkFormSchema, previewUrl, type LinkFormValues } from '../api/linkModel';

type V = LinkFormValues;

interface LinkFormDrawerProps {
  /** The link being edited; `null` creates one. */
  link: MarketingLink | null;
  opened: boolean;
  vocabulary: LinkVocabulary | undefined;
  campaigns: readonly Campaign[];
  /** Without the permission to manage links the new link is the user's personal link (the server decides). */
  personal: boolean;
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
}

/** The create/edit drawer: the UTM builder (fixed vocabularies from the API) with a live preview of the final URL. */
export function LinkFormDrawer({ link, opened, onClose, ...rest }: LinkFormDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={link ? `Editar link ${link.code}` : 'Novo link'}>
      {opened && <LinkForm key={link?.id ?? 'new'} link={link} onClose={onClose} {...rest} />}
    </Drawer>
  );
}

function LinkForm({ link, vocabulary, campaigns, personal, onClose, onSubmit }: Omit<LinkFormDrawerProps, 'opened'>) {
  const form = useZodForm(linkFormSchema, { defaultValues: link ? formFromLink(link) : EMPTY_LINK });
  const [destination, utm_source, utm_medium, utm_campaign, utm_term, utm_content] = useWatch({
    control: form.control,
    name: ['destination_url', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'],
  });
  const hosts = vocabulary?.allowed_hosts ?? [];
  const preview = previewUrl(destination, { utm_source, utm_medium, utm_campaign, utm_term, utm_content });
  const problem = destination && destination !== 'https://' && hosts.length ? destinationProblem(destination, hosts) : null;
  const choose = (label: string) => [{ value: '', label }];
  const sources = [...choose('Escolha a origem'), ...(vocabulary?.utm_sources ?? [])];
  const mediums = [...choose('Escolha a mídia'), ...(vocabulary?.utm_mediums ?? [])];
  const campaignOptions = [{ value: '', label: 'Sem campanha' }, ...campaigns.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <Form form={form} onSubmit={onSubmit} labels={LINK_FIELD_LABELS}>
      <Stack gap="md">
        <FormErrors labels={LINK_FIELD_LABELS} />
        {personal && !link && (
          <Alert color="blue" variant="light">
            Este será um link pessoal seu: os cliques contam para você.
          </Alert>
        )}
        <TextField<V> name="label" label="Nome" placeholder="Instagram — Black Friday" withAsterisk />
        <TextField<V> name="destination_url" label="Destino" description={`https, em um destes domínios: ${hosts.join(', ')}`} withAsterisk />
        {problem && (
          <Text size="sm" c="orange">
            {problem}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelectField<V> name="utm_source" label="Origem (utm_source)" data={sources} withAsterisk />
          <NativeSelectField<V> name="utm_medium" label="Mídia (utm_medium)" data={mediums} withAsterisk />
          <TextField<V> name="utm_campaign" label="Campanha (utm_campaign)" />
          <TextField<V> name="utm_term" label="Termo (utm_term)" />
          <TextField<V> name="utm_content" label="Conteúdo (utm_content)" />
          <NativeSelectField<V> name="campaign_id" label="Campanha" data={campaignOptions} />
          <DateInput<V> name="expires_on" label="Válido até" clearable />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            URL final
          </Text>
          <Code block data-testid="utm-preview" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {preview ?? 'Informe o destino para ver a URL final.'}
          </Code>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {link ? 'Salvar' : 'Criar link'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
