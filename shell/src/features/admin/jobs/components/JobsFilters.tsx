import { JobStatus } from '@backoffice/api-client/endpoints';
import { JOB_STATUS_LABELS, type ListParams, MultiSelect, SimpleGrid, TextInput } from '@backoffice/ui';
import { statusesOf, type JobFilter } from '../hooks/useJobsList';

const STATUS_OPTIONS = (Object.values(JobStatus) as JobStatus[]).map((status) => ({ value: status, label: JOB_STATUS_LABELS[status] }));

export function JobsFilters({ list }: { list: ListParams<JobFilter> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: 1 }}>
      <MultiSelect
        label="Situação"
        placeholder={list.filters.status ? undefined : 'Todas'}
        data={STATUS_OPTIONS}
        value={statusesOf(list.filters.status)}
        onChange={(values) => list.setFilter('status', values.join(','))}
        clearable
      />
      <TextInput label="Tipo" placeholder="system.probe" value={list.inputs.kind} onChange={(event) => list.setFilter('kind', event.currentTarget.value)} type="search" />
    </SimpleGrid>
  );
}
