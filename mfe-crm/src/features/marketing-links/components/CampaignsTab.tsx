import type { Campaign, LinkVocabulary } from '@backoffice/api-client/endpoints';
import { Badge, Button, DateInput, Drawer, Form, FormErrors, formatCentavos, formatDate, formatInteger, Group, modals, MoneyInput, NativeSelectField, notify, SimpleGrid, Stack, Table, Text, TextField, useZodForm } from '@backoffice/ui';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { CAMPAIGN_FIELD_LABELS, campaignFormSchema, campaignFromForm, EMPTY_CAMPAIGN, formFromCampaign, type CampaignFormValues } from '../api/linkModel';
import { useCampaignsQuery } from '../api/linksQueries';
import { useLinkMutations } from '../hooks/useLinkMutations';

type V = CampaignFormValues;

/** Tab "Campanhas": the campaigns with their goals and promotional prices; managers create, edit and delete. */
export function CampaignsTab({ vocabulary, mayManage }: { vocabulary: LinkVocabulary | undefined; mayManage: boolean }) {
  const campaigns = useCampaignsQuery();
  const { createCampaign, updateCampaign, deleteCampaign } = useLinkMutations();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const kinds = Object.fromEntries((vocabulary?.campaign_kinds ?? []).map((k) => [k.value, k.label]));

  const save = async (values: V) => {
    const body = campaignFromForm(values);
    if (editing && editing !== 'new') await updateCampaign.mutateAsync({ id: editing.id, data: body });
    else await createCampaign.mutateAsync({ data: body });
    notify('Campanha salva.', 'success');
    setEditing(null);
  };

  const remove = (c: Campaign) =>
    modals.openConfirmModal({
      title: 'Excluir campanha',
      children: <Text size="sm">Excluir a campanha {c.name}? Só é possível quando nenhum link a usa.</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteCampaign.mutate(
          { id: c.id },
          { onSuccess: () => notify('Campanha excluída.', 'success'), onError: (e) => notify(e instanceof Error ? e.message : String(e), 'error') },
        );
      },
    });

  return (
    <Stack gap="md">
      {mayManage && (
        <Group justify="flex-end">
          <Button onClick={() => setEditing('new')}>Nova campanha</Button>
        </Group>
      )}
      {campaigns.isError && <Text c="red">{campaigns.error.message}</Text>}
      <Table striped withTableBorder aria-label="Campanhas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Período</Table.Th>
            <Table.Th>Meta de valor</Table.Th>
            <Table.Th>Meta de vendas</Table.Th>
            <Table.Th>Preços promocionais</Table.Th>
            {mayManage && <Table.Th>Ações</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(campaigns.data ?? []).map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Group gap="xs">
                  {c.name}
                  {c.running && (
                    <Badge color="green" variant="light">
                      Em andamento
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{kinds[c.kind] ?? c.kind}</Table.Td>
              <Table.Td>
                {formatDate(c.starts_on)} a {formatDate(c.ends_on)}
              </Table.Td>
              <Table.Td>{c.goal_value == null ? '—' : formatCentavos(c.goal_value)}</Table.Td>
              <Table.Td>{c.goal_count == null ? '—' : formatInteger(c.goal_count)}</Table.Td>
              <Table.Td>{c.promo_prices.length ? c.promo_prices.map((p) => `${p.catalog_item_id}: ${formatCentavos(p.price)}`).join('; ') : '—'}</Table.Td>
              {mayManage && (
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(c)}>
                      Editar
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(c)}>
                      Excluir
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {campaigns.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>Nenhuma campanha cadastrada.</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} position="right" size="lg" title={editing && editing !== 'new' ? `Editar ${editing.name}` : 'Nova campanha'}>
        {editing !== null && <CampaignForm key={editing === 'new' ? 'new' : editing.id} initial={editing === 'new' ? EMPTY_CAMPAIGN : formFromCampaign(editing)} vocabulary={vocabulary} onSubmit={save} onCancel={() => setEditing(null)} />}
      </Drawer>
    </Stack>
  );
}

function CampaignForm({ initial, vocabulary, onSubmit, onCancel }: { initial: V; vocabulary: LinkVocabulary | undefined; onSubmit: (v: V) => Promise<unknown>; onCancel: () => void }) {
  const form = useZodForm(campaignFormSchema, { defaultValues: initial });
  const prices = useFieldArray({ control: form.control, name: 'promo_prices' });
  const kinds = (vocabulary?.campaign_kinds ?? []).map((k) => ({ value: k.value, label: k.label }));
  return (
    <Form form={form} onSubmit={onSubmit} labels={CAMPAIGN_FIELD_LABELS}>
      <Stack gap="md">
        <FormErrors labels={CAMPAIGN_FIELD_LABELS} />
        <TextField<V> name="name" label="Nome" withAsterisk />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NativeSelectField<V> name="kind" label="Tipo" data={kinds} withAsterisk />
          <DateInput<V> name="starts_on" label="Início" withAsterisk />
          <DateInput<V> name="ends_on" label="Fim" withAsterisk />
          <MoneyInput<V> name="goal_value" label="Meta de valor" />
          <TextField<V> name="goal_count" label="Meta de vendas" inputMode="numeric" />
        </SimpleGrid>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Preços promocionais (item do catálogo e preço)
          </Text>
          {prices.fields.map((row, i) => (
            <Group key={row.id} align="flex-end" wrap="nowrap">
              <TextField<V> name={`promo_prices.${i}.catalog_item_id`} label={`Item ${i + 1}`} style={{ flex: 1 }} />
              <MoneyInput<V> name={`promo_prices.${i}.price`} label={`Preço ${i + 1}`} w={160} />
              <Button variant="subtle" color="red" onClick={() => prices.remove(i)}>
                Remover
              </Button>
            </Group>
          ))}
          <Group>
            <Button variant="light" size="xs" onClick={() => prices.append({ catalog_item_id: '', price: null })}>
              Adicionar preço
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
