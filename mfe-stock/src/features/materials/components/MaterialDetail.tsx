import { ApiError } from '@backoffice/api-client';
import type { StockLot, StockLotStatus, StockMaterial, StockUomPurpose } from '@backoffice/api-client/endpoints';
import { useListStockMaterialLots, useListStockMaterialUnits, useListStockMovements } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Anchor, Badge, Button, Group, Link, NativeSelect, Paper, SimpleGrid, Spinner, Stack, Table, Tabs, Text, TextInput, formatDate, notify } from '@backoffice/ui';
import { useState, type FormEvent } from 'react';
import { formatThousandths } from '../../../lib/quantity';
import { useLocations, useStockMutations } from '../../../lib/stockQueries';
import { MaterialForm } from './MaterialForm';

const MOVEMENTS = '/estoque/movimentacao-estoque';

const PURPOSE_LABELS: Record<StockUomPurpose, string> = { PURCHASE: 'Compra', DISPENSE: 'Dispensação', BOTH: 'Compra e dispensação' };

const LOT_STATUS: Record<StockLotStatus, { label: string; color: string }> = {
  EXPIRED: { label: 'Vencido', color: 'red' },
  EXPIRING: { label: 'Vencendo', color: 'orange' },
  VALID: { label: 'Válido', color: 'green' },
  NO_EXPIRY: { label: 'Sem validade', color: 'gray' },
};

/** A material's page: "Dados" (the form; read-only roles see the fields), "Unidades" and "Lotes". */
export function MaterialDetail({ material, onDone }: { material: StockMaterial; onDone: () => void }) {
  const mayWrite = usePermission('estoque_cadastros_editar');
  return (
    <Tabs defaultValue="data" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="data">Dados</Tabs.Tab>
        <Tabs.Tab value="units">Unidades</Tabs.Tab>
        <Tabs.Tab value="lots">Lotes</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="data" pt="md">
        {mayWrite ? <MaterialForm material={material} onDone={onDone} /> : <MaterialData material={material} />}
      </Tabs.Panel>
      <Tabs.Panel value="units" pt="md">
        <UnitsTab material={material} mayWrite={mayWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="lots" pt="md">
        <LotsTab material={material} />
      </Tabs.Panel>
    </Tabs>
  );
}

function MaterialData({ material }: { material: StockMaterial }) {
  const rows: Array<[string, string]> = [
    ['SKU', material.sku],
    ['Nome', material.name],
    ['Unidade base', material.base_uom],
    ['Lote/validade', material.tracks_expiry ? 'Lote e validade' : material.tracks_lot ? 'Lote' : '—'],
    ['GTIN', material.gtin ?? '—'],
    ['NCM', material.ncm ?? '—'],
  ];
  return (
    <SimpleGrid cols={2} spacing="xs">
      {rows.map(([label, value]) => (
        <Text key={label} size="sm">
          <b>{label}:</b> {value}
        </Text>
      ))}
    </SimpleGrid>
  );
}

/** "1 CX = 100 UN": a conversion as an exact fraction of the base unit. */
export function conversionText(uom: string, num: number, den: number, base: string): string {
  return den === 1 ? `1 ${uom} = ${num.toLocaleString('pt-BR')} ${base}` : `1 ${uom} = ${num.toLocaleString('pt-BR')}/${den.toLocaleString('pt-BR')} ${base}`;
}

function UnitsTab({ material, mayWrite }: { material: StockMaterial; mayWrite: boolean }) {
  const units = useListStockMaterialUnits(material.id);
  // The base unit is fixed once the material has a movement (the server refuses the change on `base_uom`).
  const moved = useListStockMovements({ material_id: material.id, page_size: 1 });
  const locked = (moved.data?.items.length ?? 0) > 0;
  const { addUnit, removeUnit } = useStockMutations();
  const [form, setForm] = useState({ uom: '', num: '', den: '1', purpose: 'BOTH' as StockUomPurpose });
  const [error, setError] = useState<string | null>(null);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const num = Number(form.num);
    const den = Number(form.den || '1');
    if (!form.uom.trim() || !Number.isInteger(num) || !Number.isInteger(den) || num <= 0 || den <= 0) {
      setError('Informe a unidade e a fração em números inteiros (ex.: 1 CX = 100/1 UN).');
      return;
    }
    try {
      await addUnit.mutateAsync({ id: material.id, data: { uom: form.uom.trim(), factor_num: num, factor_den: den, purpose: form.purpose } });
      notify(`Unidade ${form.uom.trim().toUpperCase()} adicionada.`, 'success');
      setForm({ uom: '', num: '', den: '1', purpose: 'BOTH' });
    } catch (e) {
      setError(e instanceof ApiError && e.fields.length ? e.fields.map((f) => f.message).join(' ') : e instanceof Error ? e.message : 'Não foi possível adicionar a unidade.');
    }
  };
  const remove = async (uom: string) => {
    setError(null);
    try {
      await removeUnit.mutateAsync({ id: material.id, uom });
      notify(`Unidade ${uom} removida.`, 'success');
    } catch (e) {
      setError(e instanceof ApiError && e.fields.length ? e.fields.map((f) => f.message).join(' ') : e instanceof Error ? e.message : 'Não foi possível remover a unidade.');
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Unidade base: <b>{material.base_uom}</b>{' '}
        {locked ? (
          <Badge color="gray" variant="light" tt="none">Fixa: o material já tem movimentações</Badge>
        ) : (
          <Badge color="blue" variant="light" tt="none">Pode mudar até a primeira movimentação</Badge>
        )}
      </Text>
      {units.isPending ? (
        <Spinner />
      ) : (units.data ?? []).length === 0 ? (
        <Text c="dimmed">Nenhuma conversão: o material só usa a unidade base.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Conversões de unidade" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Unidade</Table.Th>
                <Table.Th>Conversão</Table.Th>
                <Table.Th>Uso</Table.Th>
                {mayWrite && <Table.Th>Ações</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(units.data ?? []).map((u) => (
                <Table.Tr key={u.uom}>
                  <Table.Td>{u.uom}</Table.Td>
                  <Table.Td>{conversionText(u.uom, u.factor_num, u.factor_den, material.base_uom)}</Table.Td>
                  <Table.Td>{PURPOSE_LABELS[u.purpose]}</Table.Td>
                  {mayWrite && (
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(u.uom)} aria-label={`Remover unidade ${u.uom}`}>
                        Remover
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {mayWrite && (
        <Paper component="form" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => void add(e)} aria-label="Nova conversão de unidade">
          <Text size="sm" c="dimmed" mb="xs">
            1 unidade = numerador/denominador {material.base_uom}, fração exata que caia em milésimos inteiros. Uma conversão em uso não muda: cadastre outra.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm">
            <TextInput label="Unidade" value={form.uom} onChange={(e) => setForm({ ...form, uom: e.currentTarget.value })} maxLength={6} />
            <TextInput label="Numerador" value={form.num} onChange={(e) => setForm({ ...form, num: e.currentTarget.value })} inputMode="numeric" />
            <TextInput label="Denominador" value={form.den} onChange={(e) => setForm({ ...form, den: e.currentTarget.value })} inputMode="numeric" />
            <NativeSelect label="Uso" value={form.purpose} onChange={(e) => setForm({ ...form, purpose: e.currentTarget.value as StockUomPurpose })}
              data={Object.entries(PURPOSE_LABELS).map(([value, label]) => ({ value, label }))} />
            <Button type="submit" mt="lg" loading={addUnit.isPending}>Adicionar unidade</Button>
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}

function movementsUrl(materialId: string, lotId: string, locationId?: string): string {
  const q = new URLSearchParams({ material_id: materialId, lot_id: lotId, ...(locationId ? { location_id: locationId } : {}) });
  return `${MOVEMENTS}?${q.toString()}`;
}

function LotsTab({ material }: { material: StockMaterial }) {
  const lots = useListStockMaterialLots(material.id);
  const locations = useLocations();
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? id;
  if (!material.tracks_lot) return <Text c="dimmed">Este material não controla lotes.</Text>;
  if (lots.isPending) return <Spinner />;
  const rows: StockLot[] = lots.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">Nenhum lote registrado.</Text>;
  return (
    <Paper withBorder radius="md">
      <Table aria-label="Lotes" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lote</Table.Th>
            <Table.Th>Validade</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Saldo por local</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Saldo total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((lot) => (
            <Table.Tr key={lot.id}>
              <Table.Td>
                <Anchor component={Link} to={movementsUrl(material.id, lot.id)} aria-label={`Movimentações do lote ${lot.lot_code}`}>
                  {lot.lot_code}
                </Anchor>
              </Table.Td>
              <Table.Td>{lot.expiry_date ? formatDate(lot.expiry_date) : '—'}</Table.Td>
              <Table.Td>
                <Badge color={LOT_STATUS[lot.status].color} variant="light" tt="none">{LOT_STATUS[lot.status].label}</Badge>
              </Table.Td>
              <Table.Td>
                {lot.balances.length === 0 ? (
                  '—'
                ) : (
                  <Group gap="xs">
                    {lot.balances.map((b) => (
                      <Anchor key={b.location_id} component={Link} to={movementsUrl(material.id, lot.id, b.location_id)} size="sm">
                        {locationName(b.location_id)}: {formatThousandths(b.qty_milli)} {material.base_uom}
                      </Anchor>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                {formatThousandths(lot.qty_milli)} {material.base_uom}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
