import { DataTable, formatDateTime, listTableProps, type DataTableColumn, Badge, Stack, Text, Title } from '@backoffice/ui';
import { AUDIT_EXPORT_URL, type AuditEntry } from '../api/auditApi';
import { AuditFilters } from './AuditFilters';
import { useAuditList } from '../hooks/useAuditList';

const COLUMNS: ReadonlyArray<DataTableColumn<AuditEntry>> = [
  { id: 'created_at', header: 'Data e hora', cell: (entry) => formatDateTime(entry.created_at) },
  { id: 'email', header: 'E-mail', cell: (entry) => entry.email },
  { id: 'content', header: 'Acesso', cell: (entry) => entry.content },
  {
    id: 'has_permission',
    header: 'Permitido',
    cell: (entry) => (
      <Badge color={entry.has_permission ? 'green' : 'red'} variant="light" tt="none">
        {entry.has_permission ? 'Sim' : 'Não'}
      </Badge>
    ),
  },
  { id: 'source', header: 'Origem', cell: (entry) => (entry.source === 'servidor' ? 'Servidor' : 'Aplicativo') },
  { id: 'client_addr', header: 'Endereço', cell: (entry) => entry.client_addr ?? '—', defaultHidden: true },
];

/** /admin/auditoria: every check of the dispatch area (allowed or denied) and every refusal by the server. */
export default function AuditPage() {
  const { list, query, filters } = useAuditList();
  const page = query.data;
  const pageInfo = page ? { page: page.page, page_size: page.page_size, total: page.total } : undefined;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Auditoria de acesso</Title>
        <Text c="dimmed">Cada verificação de acesso à área de despachos e cada recusa do servidor: quem, quando, de onde e o resultado.</Text>
      </div>
      <DataTable<AuditEntry>
        id="admin.audit"
        label="Auditoria de acesso"
        columns={COLUMNS}
        rows={page?.items}
        getRowId={(entry) => entry.id}
        getRowLabel={(entry) => `${entry.email} ${formatDateTime(entry.created_at)}`}
        pageInfo={pageInfo}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        countLabel={(info) => (info.total === 1 ? '1 registro' : `${info.total} registros`)}
        emptyMessage="Nenhum registro com esses filtros."
        toolbar={<AuditFilters list={list} />}
        exportOptions={{ url: AUDIT_EXPORT_URL, params: filters }}
        minWidth={900}
        {...listTableProps(list)}
      />
    </Stack>
  );
}
