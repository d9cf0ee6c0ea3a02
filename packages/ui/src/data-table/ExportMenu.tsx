import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../notifications';
import { downloadFile } from './downloadFile';
import type { DataTableExport } from './types';

const FORMAT_LABELS = { csv: 'CSV', xlsx: 'XLSX' } as const;

/** "Exportar" → CSV or XLSX: the whole filtered set, downloaded from the list's export endpoint as `<name>.<ext>`. */
export function ExportMenu({ options, name }: { options: DataTableExport; name: string }) {
  const [exporting, setExporting] = useState<string | null>(null);
  const runExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadFile(options.url, { ...options.params, format }, `${name}.${format}`);
    } catch (cause) {
      notify(cause instanceof Error ? cause.message : 'Não foi possível exportar.', 'error');
    } finally {
      setExporting(null);
    }
  };
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" loading={exporting !== null}>
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(options.formats ?? ['csv', 'xlsx']).map((format) => (
          <Menu.Item key={format} onClick={() => void runExport(format)}>
            {FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
