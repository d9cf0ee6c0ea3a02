import type { StockMaterial } from '@backoffice/api-client/endpoints';
import { Button, DateInput, Form, FormErrors, Group, SelectField, SimpleGrid, Stack, TextareaField, TextField, notify, useZodForm } from '@backoffice/ui';
import { useState } from 'react';
import { z } from 'zod';
import { parseThousandths } from '../../../lib/quantity';
import { useLocations, useMaterials, useStockMutations } from '../../../lib/stockQueries';

/** The manual actions: entrada avulsa, perda (vencimento ou avaria), ajuste avulso. */
export type ManualAction = 'entry' | 'loss' | 'adjustment';

export const ACTION_TITLES: Record<ManualAction, string> = {
  entry: 'Entrada avulsa',
  loss: 'Perda/Vencimento',
  adjustment: 'Ajuste avulso',
};

export const MOVEMENT_LABELS = {
  material_id: 'Material',
  location_id: 'Local',
  kind: 'Tipo de perda',
  qty_milli: 'Quantidade',
  lot_code: 'Lote',
  expiry_date: 'Validade',
  unit_cost_micro: 'Custo unitário',
  reason: 'Motivo',
};

const quantity = (allowNegative: boolean) =>
  z.string().refine((t) => {
    const v = parseThousandths(t, { allowNegative });
    return v !== null && v !== 0;
  }, allowNegative ? 'Informe a quantidade (negativa para saída), ex.: -2,5.' : 'Informe uma quantidade maior que zero, ex.: 10 ou 2,5.');

function schemaFor(action: ManualAction) {
  return z.object({
    material_id: z.string().min(1, 'Escolha o material.'),
    location_id: z.string().min(1, 'Escolha o local.'),
    kind: z.enum(['LOSS_DAMAGE', 'LOSS_EXPIRY']),
    qty_milli: quantity(action === 'adjustment'),
    lot_code: z.string().trim().max(40, 'O lote pode ter no máximo 40 caracteres.'),
    expiry_date: z.string().nullable(),
    unit_cost: z.string().trim().refine((t) => t === '' || /^\d{1,9}(,\d{1,6})?$/.test(t), 'Custo inválido, ex.: 2,60.'),
    reason: z.string().trim().min(10, 'Informe o motivo (de 10 a 500 caracteres).').max(500, 'O motivo pode ter no máximo 500 caracteres.'),
  });
}
type Schema = ReturnType<typeof schemaFor>;
type Values = z.input<Schema>;

/** "2,6" → 2600000 (millionths of a real). */
function costMicro(text: string): number | undefined {
  if (!text) return undefined;
  const [int = '0', dec = ''] = text.split(',');
  return Number(int) * 1_000_000 + Number((dec + '000000').slice(0, 6));
}

export function MovementForm({ action, materialId, locationId, onDone }: { action: ManualAction; materialId?: string; locationId?: string; onDone: () => void }) {
  const { postMovement, postAdjustment } = useStockMutations();
  const [q, setQ] = useState('');
  const materials = useMaterials({ q: q || undefined, active: true, page_size: 50 });
  const locations = useLocations();
  const form = useZodForm(schemaFor(action), {
    defaultValues: { material_id: materialId ?? '', location_id: locationId ?? '', kind: 'LOSS_DAMAGE', qty_milli: '', lot_code: '', expiry_date: null, unit_cost: '', reason: '' },
  });
  const chosen: StockMaterial | undefined = materials.data?.items.find((m) => m.id === form.watch('material_id'));
  const materialOptions = (materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.sku} — ${m.name} (${m.base_uom})` }));
  const locationOptions = (locations.data ?? []).filter((l) => (l.kind === 'CENTRAL' || l.kind === 'CLINIC') && l.active).map((l) => ({ value: l.id, label: l.name }));
  const submit = async (v: z.output<Schema>) => {
    const qty = parseThousandths(v.qty_milli, { allowNegative: action === 'adjustment' }) ?? 0;
    const common = {
      material_id: v.material_id,
      location_id: v.location_id,
      qty_milli: qty,
      reason: v.reason,
      ...(v.lot_code ? { lot_code: v.lot_code } : {}),
      ...(v.expiry_date ? { expiry_date: v.expiry_date } : {}),
    };
    if (action === 'adjustment') {
      await postAdjustment.mutateAsync({ data: common });
    } else {
      const cost = costMicro(v.unit_cost);
      await postMovement.mutateAsync({
        data: { ...common, kind: action === 'entry' ? 'MISC_IN' : v.kind, ...(action === 'entry' && cost !== undefined ? { unit_cost_micro: cost } : {}) },
      });
    }
    notify(`${ACTION_TITLES[action]} lançada.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={MOVEMENT_LABELS} aria-label={ACTION_TITLES[action]}>
      <Stack gap="sm">
        <FormErrors labels={MOVEMENT_LABELS} />
        <SelectField<Values> name="material_id" label="Material" data={materialOptions} searchable withAsterisk onSearchChange={setQ} nothingFoundMessage="Nenhum material" />
        <SelectField<Values> name="location_id" label="Local" data={locationOptions} withAsterisk />
        {action === 'loss' && (
          <SelectField<Values> name="kind" label="Tipo de perda" allowDeselect={false} data={[{ value: 'LOSS_DAMAGE', label: 'Avaria' }, { value: 'LOSS_EXPIRY', label: 'Vencimento' }]} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField<Values> name="qty_milli" label={`Quantidade${chosen ? ` (${chosen.base_uom})` : ''}`} inputMode="decimal" withAsterisk />
          {action === 'entry' && <TextField<Values> name="unit_cost" label="Custo unitário (R$)" inputMode="decimal" placeholder="Sem custo: vale o custo médio" />}
          {(chosen?.tracks_lot ?? true) && <TextField<Values> name="lot_code" label="Lote" placeholder={action === 'entry' ? '' : 'Vazio: o que vence primeiro'} />}
          {action !== 'loss' && (chosen?.tracks_expiry ?? true) && <DateInput<Values> name="expiry_date" label="Validade" />}
        </SimpleGrid>
        <TextareaField<Values> name="reason" label="Motivo" withAsterisk autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Lançar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
