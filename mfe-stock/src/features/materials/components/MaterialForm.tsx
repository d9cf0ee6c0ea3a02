import type { StockMaterial } from '@backoffice/api-client/endpoints';
import { Button, CheckboxField, Form, FormErrors, Group, SelectField, SimpleGrid, Stack, TextField, notify, useZodForm } from '@backoffice/ui';
import { z } from 'zod';
import { MATERIAL_KIND_LABELS } from '../../../lib/labels';
import { useCategories, useStockMutations } from '../../../lib/stockQueries';

export const MATERIAL_LABELS = {
  sku: 'SKU',
  name: 'Nome',
  kind: 'Tipo',
  category_id: 'Categoria',
  base_uom: 'Unidade base',
  tracks_lot: 'Controla lote',
  tracks_expiry: 'Controla validade',
  gtin: 'GTIN (código de barras)',
  ncm: 'NCM',
};

const schema = z.object({
  sku: z.string().trim().min(1, 'Informe o SKU.').max(40, 'O SKU pode ter no máximo 40 caracteres.'),
  name: z.string().trim().min(1, 'Informe o nome.').max(200, 'O nome pode ter no máximo 200 caracteres.'),
  kind: z.enum(['MATERIAL', 'PRODUCT', 'BOTH']),
  category_id: z.string(),
  base_uom: z.string().trim().min(1, 'Informe a unidade base.').max(6, 'Use de 1 a 6 letras (UN, ML, CX).'),
  tracks_lot: z.boolean(),
  tracks_expiry: z.boolean(),
  gtin: z.string().trim(),
  ncm: z.string().trim(),
});
type Values = z.input<typeof schema>;

const KIND_OPTIONS = Object.entries(MATERIAL_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** A new material, or a change to `material` (its SKU and base unit are fixed once it has movements: the server says so). */
export function MaterialForm({ material, onDone }: { material: StockMaterial | null; onDone: (saved: StockMaterial) => void }) {
  const { createMaterial, updateMaterial } = useStockMutations();
  const categories = useCategories();
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const form = useZodForm(schema, {
    defaultValues: {
      sku: material?.sku ?? '',
      name: material?.name ?? '',
      kind: material?.kind ?? 'MATERIAL',
      category_id: material?.category_id ?? '',
      base_uom: material?.base_uom ?? 'UN',
      tracks_lot: material?.tracks_lot ?? false,
      tracks_expiry: material?.tracks_expiry ?? true,
      gtin: material?.gtin ?? '',
      ncm: material?.ncm ?? '',
    },
  });
  const submit = async (values: z.output<typeof schema>) => {
    const data = {
      sku: values.sku,
      name: values.name,
      kind: values.kind,
      base_uom: values.base_uom,
      tracks_lot: values.tracks_lot,
      tracks_expiry: values.tracks_expiry,
      ...(values.category_id ? { category_id: values.category_id } : {}),
      ...(values.gtin ? { gtin: values.gtin } : {}),
      ...(values.ncm ? { ncm: values.ncm } : {}),
      ...(material ? { active: material.active } : {}),
    };
    const saved = material ? await updateMaterial.mutateAsync({ id: material.id, data }) : await createMaterial.mutateAsync({ data });
    notify(`Material ${saved.sku} ${material ? 'alterado' : 'cadastrado'}.`, 'success');
    onDone(saved);
  };
  return (
    <Form form={form} onSubmit={submit} labels={MATERIAL_LABELS} aria-label={material ? 'Editar material' : 'Novo material'}>
      <Stack gap="sm">
        <FormErrors labels={MATERIAL_LABELS} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField<Values> name="sku" label="SKU" withAsterisk />
          <TextField<Values> name="base_uom" label="Unidade base" withAsterisk />
        </SimpleGrid>
        <TextField<Values> name="name" label="Nome" withAsterisk />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField<Values> name="kind" label="Tipo" data={KIND_OPTIONS} allowDeselect={false} />
          <SelectField<Values> name="category_id" label="Categoria" data={categoryOptions} clearable searchable placeholder="Sem categoria" />
          <TextField<Values> name="gtin" label="GTIN (código de barras)" inputMode="numeric" />
          <TextField<Values> name="ncm" label="NCM" inputMode="numeric" />
        </SimpleGrid>
        <Group gap="lg">
          <CheckboxField<Values> name="tracks_lot" label="Controla lote" />
          <CheckboxField<Values> name="tracks_expiry" label="Controla validade (implica lote)" />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {material ? 'Salvar' : 'Cadastrar material'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
