import { listClients } from '@backoffice/api-client';
import type { PageProps } from '@backoffice/routes';
import { Button, formatDate, maskDocument, maskPhone, SelectField, Spinner, TextField } from '@backoffice/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { countLabel, KIND_LABELS, pageLabel, queryFromSearch, SORT_OPTIONS, STATUS_LABELS } from './clientModel';

const SEARCH_DEBOUNCE_MS = 300;

export default function ClientsPage({ route }: PageProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = queryFromSearch(params);
  const [text, setText] = useState(query.q ?? '');

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (text === (query.q ?? '')) return;
    const timer = setTimeout(() => setParam('q', text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // setParam changes every render; the debounce only cares about the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const result = useQuery({ queryKey: ['crm', 'clients', query], queryFn: () => listClients(query), placeholderData: keepPreviousData });

  return (
    <section>
      <div className="bo-row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h1>{route.title}</h1>
        <Button onClick={() => navigate('/cliente')}>Novo cliente</Button>
      </div>
      <form className="bo-row" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Buscar" placeholder="Nome, documento, e-mail…" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Situação" value={query.status ?? ''} onChange={(e) => setParam('status', e.target.value)}>
          <option value="">Ativos e inativos</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Tipo" value={query.kind ?? ''} onChange={(e) => setParam('kind', e.target.value)}>
          <option value="">Todos</option>
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Ordenar por" value={query.sort} onChange={(e) => setParam('sort', e.target.value)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </form>
      {result.isPending && <Spinner />}
      {result.isError && (
        <div className="bo-alert" role="alert">
          {result.error.message}
        </div>
      )}
      {result.data && <ClientsTable data={result.data} onPage={(page) => setParam('page', String(page))} />}
    </section>
  );
}

function ClientsTable({ data, onPage }: { data: Awaited<ReturnType<typeof listClients>>; onPage: (page: number) => void }) {
  if (data.items.length === 0) return <p>Nenhum cliente encontrado.</p>;
  // The server counts up to ten pages past this one (see countLabel); beyond that the labels say "mais de" and
  // "Próxima" follows has_more.
  return (
    <>
      <p className="bo-muted" aria-live="polite">
        {countLabel(data)}
      </p>
      <div style={{ overflowX: 'auto' }}>
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Documento</th>
              <th scope="col">Tipo</th>
              <th scope="col">E-mail</th>
              <th scope="col">Telefone</th>
              <th scope="col">Situação</th>
              <th scope="col">Cadastrado em</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((client) => (
              <tr key={client.id}>
                <td>
                  <Link to={`/cliente?id=${encodeURIComponent(client.id)}`}>{client.name}</Link>
                </td>
                <td>{client.document_formatted || maskDocument(client.document, client.kind)}</td>
                <td>{KIND_LABELS[client.kind]}</td>
                <td>{client.emails[0] ?? '—'}</td>
                <td>{client.phones[0] ? maskPhone(client.phones[0]) : '—'}</td>
                <td>{STATUS_LABELS[client.status]}</td>
                <td>{formatDate(client.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="bo-row" aria-label="Paginação" style={{ alignItems: 'center', marginTop: '1rem' }}>
        <Button variant="secondary" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          Anterior
        </Button>
        <span>{pageLabel(data)}</span>
        <Button variant="secondary" disabled={!data.has_more} onClick={() => onPage(data.page + 1)}>
          Próxima
        </Button>
      </nav>
    </>
  );
}
