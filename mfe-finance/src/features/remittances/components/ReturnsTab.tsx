import { useListBankAccounts, type BankReturn } from '@backoffice/api-client/endpoints';
import { Anchor, Button, DataTable, DetailLink, FileButton, formatDate, formatDateTime, Group, listTableProps, Modal, NativeSelect, notify, Stack, Text, useListParams, type DataTableColumn } from '@backoffice/ui';
import { useState } from 'react';
import { useBankReturns, useUploadBankReturn } from '../api/remittanceQueries';
import { ReturnDrawer } from './ReturnDrawer';
import { ReturnStatus } from './ReturnStatus';

const COLUMNS: ReadonlyArray<DataTableColumn<BankReturn>> = [
  {
    id: 'file',
    header: 'Arquivo',
    cell: (row) => (
      <DetailLink param="retorno" value={row.id}>
        {row.file_name}
      </DetailLink>
    ),
  },
  { id: 'kind', header: 'Tipo', cell: (row) => `${row.kind === 'COBRANCA' ? 'Cobrança' : row.kind} · ${row.layout === 'CNAB240' ? 'CNAB 240' : 'CNAB 400'}` },
  { id: 'bank', header: 'Banco', cell: (row) => row.bank },
  { id: 'generated_on', header: 'Data do arquivo', cell: (row) => (row.generated_on ? formatDate(row.generated_on) : '—') },
  { id: 'imported', header: 'Importado por', cell: (row) => `${row.imported_by_name} · ${formatDateTime(row.imported_at)}` },
  { id: 'status', header: 'Status', cell: (row) => <ReturnStatus bankReturn={row} /> },
  { id: 'applied', header: 'Aplicadas', align: 'right', cell: (row) => row.applied },
  { id: 'duplicated', header: 'Duplicadas', align: 'right', cell: (row) => row.duplicated },
  { id: 'not_found', header: 'Não localizadas', align: 'right', cell: (row) => row.not_found },
  { id: 'divergent', header: 'Divergentes', align: 'right', cell: (row) => row.divergent },
];

/** The "Retornos" tab: imported retornos (applied by a job, with a progress bar), and "Importar retorno". */
export function ReturnsTab() {
  const list = useListParams();
  const result = useBankReturns({ page: list.page, page_size: list.pageSize });
  const [importing, setImporting] = useState(false);
  return (
    <>
      <DataTable
        id="finance.bank-returns"
        label="Retornos"
        columns={COLUMNS}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.file_name}
        pageInfo={result.data}
        loading={result.isFetching && !result.data}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={({ total = 0 }: { total?: number }) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'retorno' : 'retornos'}`}
        emptyMessage="Nenhum retorno importado."
        toolbar={<Button onClick={() => setImporting(true)}>Importar retorno</Button>}
        minWidth={1100}
        {...listTableProps(list)}
      />
      <Modal opened={importing} onClose={() => setImporting(false)} title="Importar retorno" centered>
        {importing && <ImportReturnForm onDone={() => setImporting(false)} />}
      </Modal>
      <ReturnDrawer />
    </>
  );
}

/** The bank account and the .RET file; the server checks the layout, the bank and that the file is new. */
function ImportReturnForm({ onDone }: { onDone: () => void }) {
  const accounts = useListBankAccounts();
  const upload = useUploadBankReturn();
  const [accountId, setAccountId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = [{ value: '', label: 'Escolha a conta' }, ...(accounts.data?.items ?? []).filter((a) => a.active).map((a) => ({ value: a.id, label: `${a.nickname} · ${a.bank} ${a.bank_name}` }))];
  const submit = async () => {
    if (!accountId) return setError('Informe a conta bancária do retorno.');
    if (!file) return setError('Escolha o arquivo de retorno.');
    setError(null);
    try {
      const imported = await upload.mutateAsync({ file, accountId });
      notify(`Retorno ${imported.file_name} importado: processando ${imported.total > 0 ? `${imported.total} ocorrências` : 'as ocorrências'}.`, 'success');
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível importar o retorno.');
    }
  };
  return (
    <Stack gap="sm">
      <NativeSelect label="Conta bancária" data={options} value={accountId} onChange={(e) => setAccountId(e.currentTarget.value)} required />
      <Group gap="xs">
        <FileButton onChange={setFile} accept=".ret,.RET,.txt,.TXT,.cnab,text/plain">
          {(props) => (
            <Button variant="default" {...props}>
              Escolher arquivo
            </Button>
          )}
        </FileButton>
        <Text size="sm" c={file ? undefined : 'dimmed'}>
          {file ? file.name : 'Nenhum arquivo escolhido'}
        </Text>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Anchor component="button" type="button" size="sm" onClick={onDone}>
          Cancelar
        </Anchor>
        <Button onClick={() => void submit()} loading={upload.isPending}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
