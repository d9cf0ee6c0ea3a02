import { ApiError } from '@backoffice/api-client';
import { notify, Alert, Button, Group, List, Stack, Text } from '@backoffice/ui';
import { useId, useState } from 'react';
import { useChartMutations } from '../api/chartQueries';

/**
 * "Importar CSV": a file with `código;nome;natureza;tipo` per line, all or nothing. A refusal lists every problem
 * by line and column, and nothing of the file is kept.
 */
export function ImportChartForm({ onDone }: { onDone: () => void }) {
  const { importCsv } = useChartMutations();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    if (!file) return;
    setProblems([]);
    setFailure(null);
    try {
      const result = await importCsv.mutateAsync({ data: { csv: await file.text() } });
      notify(`${result.created} contas importadas.`, 'success');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) setProblems(error.fields.map((f) => f.message));
      else setFailure(error instanceof Error ? error.message : 'Não foi possível importar o arquivo.');
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Uma conta por linha, colunas separadas por ponto e vírgula: <strong>código;nome;natureza;tipo</strong> (natureza Receita, Despesa ou
        Transferência, vazia nas contas filhas; tipo Sintética ou Analítica). A primeira linha pode ser o cabeçalho. Se alguma linha tiver
        problema, nada é importado.
      </Text>
      <label htmlFor={inputId}>
        <Text size="sm" fw={500} component="span">
          Arquivo CSV
        </Text>
      </label>
      <input id={inputId} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="red" role="alert" title={`O arquivo não foi importado: ${problems.length} ${problems.length === 1 ? 'problema' : 'problemas'}`}>
          <List size="sm">
            {problems.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={() => void send()} disabled={!file} loading={importCsv.isPending}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
