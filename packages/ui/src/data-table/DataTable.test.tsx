import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BackofficeProvider } from '../BackofficeProvider';
import { formatCentavos } from '../format';
import { DataTable, type DataTableProps } from './DataTable';
import type { DataTableColumn, PageInfo } from './types';

// Mantine renders slowly on a loaded two-core machine: generous limits, the assertions stay the same.
vi.setConfig({ testTimeout: 30_000 });

interface Row {
  id: string;
  name: string;
  amount: number;
  city: string;
}

const rowsOf = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Linha ${i}`, amount: i * 100, city: `Cidade ${i}` }));

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Nome', cell: (r) => r.name, sortable: true },
  { id: 'city', header: 'Cidade', cell: (r) => r.city },
  { id: 'amount', header: 'Valor', cell: (r) => formatCentavos(r.amount), sortable: true, align: 'right', formatTotal: (v) => formatCentavos(Number(v)) },
];

const info = (over: Partial<PageInfo> = {}): PageInfo => ({ page: 1, page_size: 20, total: 3, total_capped: false, has_more: false, ...over });

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const all: DataTableProps<Row> = {
    id: 'test.rows',
    label: 'Linhas',
    columns,
    rows: rowsOf(3),
    getRowId: (r) => r.id,
    getRowLabel: (r) => r.name,
    pageInfo: info(),
    ...props,
  };
  const wrap = (node: ReactNode) => <BackofficeProvider env="test">{node}</BackofficeProvider>;
  const view = render(wrap(<DataTable {...all} />));
  return { ...view, rerenderWith: (more: Partial<DataTableProps<Row>>) => view.rerender(wrap(<DataTable {...all} {...more} />)) };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

beforeEach(() => window.localStorage.clear());

describe('<DataTable> sorting (the server sorts: the table only reports)', () => {
  it('a header click asks ascending, then descending, then the default order; aria-sort follows the prop', () => {
    const onSortChange = vi.fn();
    const { rerenderWith } = renderTable({ onSortChange, sort: null });
    expect(header('Nome').getAttribute('aria-sort')).toBe('none');
    // Not sortable by the server: no aria-sort, no button.
    expect(header('Cidade').getAttribute('aria-sort')).toBeNull();
    expect(within(header('Cidade')).queryByRole('button')).toBeNull();

    fireEvent.click(within(header('Nome')).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: false });

    rerenderWith({ onSortChange, sort: { id: 'name', desc: false } });
    expect(header('Nome').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Nome')).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });

    rerenderWith({ onSortChange, sort: { id: 'name', desc: true } });
    expect(header('Nome').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Nome')).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith(null);

    // Another column starts ascending.
    fireEvent.click(within(header('Valor')).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'amount', desc: false });
  });

  it('never reorders the rows itself', () => {
    renderTable({ rows: [rowsOf(3)[2], rowsOf(3)[0], rowsOf(3)[1]] as Row[], sort: { id: 'name', desc: false }, onSortChange: vi.fn() });
    const names = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['Linha 2', 'Linha 0', 'Linha 1']);
  });
});

describe('<DataTable> paging', () => {
  it('shows the count and page as the server reports them and reports page and page-size changes', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderTable({ pageInfo: info({ page: 2, total: 200, total_capped: true, has_more: true }), onPageChange, onPageSizeChange });
    expect(screen.getByText('mais de 200 registros')).toBeTruthy();
    expect(screen.getByText('Página 2 de mais de 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.change(screen.getByLabelText('Por página'), { target: { value: '100' } });
    expect(onPageSizeChange).toHaveBeenLastCalledWith(100);
  });

  it('the last page has no "Próxima" and the first no "Anterior"', () => {
    renderTable({ onPageChange: vi.fn(), countLabel: (p) => `${p.total} coisas` });
    expect(screen.getByText('3 coisas')).toBeTruthy();
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Próxima' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('<DataTable> pages of other shapes', () => {
  it('an exact total without has_more (the audit): next page from the count', () => {
    renderTable({ pageInfo: { page: 1, page_size: 20, total: 45 }, onPageChange: vi.fn() });
    expect(screen.getByText('45 registros')).toBeTruthy();
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Próxima' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('has_more without a count (the jobs): no count, the page number only', () => {
    renderTable({ pageInfo: { page: 2, page_size: 20, has_more: false }, onPageChange: vi.fn() });
    expect(screen.queryByText(/registros/)).toBeNull();
    expect(screen.getByText('Página 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Próxima' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('<DataTable> column chooser', () => {
  it('hides a column and remembers it for that table id', () => {
    const first = renderTable();
    expect(screen.getByRole('columnheader', { name: 'Cidade' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Colunas' }));
    const chooser = screen.getByRole('group', { name: 'Colunas visíveis' });
    // The first column cannot be hidden.
    expect(within(chooser).queryByLabelText('Nome')).toBeNull();
    fireEvent.click(within(chooser).getByLabelText('Cidade'));
    expect(screen.queryByRole('columnheader', { name: 'Cidade' })).toBeNull();
    expect(screen.queryByText('Cidade 1')).toBeNull();
    first.unmount();

    // Another visit: still hidden; another table id: shown.
    const second = renderTable();
    expect(screen.queryByRole('columnheader', { name: 'Cidade' })).toBeNull();
    second.unmount();
    renderTable({ id: 'other.rows' });
    expect(screen.getByRole('columnheader', { name: 'Cidade' })).toBeTruthy();
  });

  it('a column hidden by default can be shown', () => {
    renderTable({ columns: [...columns, { id: 'extra', header: 'Extra', cell: () => 'x', defaultHidden: true }] });
    expect(screen.queryByRole('columnheader', { name: 'Extra' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Colunas' }));
    fireEvent.click(screen.getByLabelText('Extra'));
    expect(screen.getByRole('columnheader', { name: 'Extra' })).toBeTruthy();
  });
});

describe('<DataTable> selection and bulk actions', () => {
  it('selecting rows shows the bar with the count and the page actions, which get the selected rows', () => {
    const act = vi.fn();
    renderTable({
      bulkActions: (selected, clear) => (
        <button
          type="button"
          onClick={() => {
            act(selected.map((r) => r.id));
            clear();
          }}
        >
          Arquivar
        </button>
      ),
    });
    expect(screen.queryByRole('region', { name: 'Ações em lote' })).toBeNull();
    // The checkbox sits in the first column's cell (the one column fixed on a phone), with the row's name.
    const firstCell = within(screen.getByText('Cidade 0').closest('tr') as HTMLElement).getAllByRole('cell')[0] as HTMLElement;
    expect(within(firstCell).getByLabelText('Selecionar linha Linha 0')).toBeTruthy();
    expect(within(firstCell).getByText('Linha 0')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Selecionar linha Linha 0'));
    fireEvent.click(screen.getByLabelText('Selecionar linha Linha 2'));
    const bar = screen.getByRole('region', { name: 'Ações em lote' });
    expect(within(bar).getByText('2 selecionados')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Arquivar' }));
    expect(act).toHaveBeenCalledWith(['r0', 'r2']);
    expect(screen.queryByRole('region', { name: 'Ações em lote' })).toBeNull();

    fireEvent.click(screen.getByLabelText('Selecionar todos'));
    expect(screen.getByText('3 selecionados')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(screen.queryByText(/selecionados/)).toBeNull();
  });

  it('a selected row that leaves the page is no longer selected', () => {
    const { rerenderWith } = renderTable({ bulkActions: () => null });
    fireEvent.click(screen.getByLabelText('Selecionar linha Linha 0'));
    fireEvent.click(screen.getByLabelText('Selecionar linha Linha 1'));
    expect(screen.getByText('2 selecionados')).toBeTruthy();
    rerenderWith({ bulkActions: () => null, rows: rowsOf(3).slice(1) });
    expect(screen.getByText('1 selecionado')).toBeTruthy();
  });
});

describe('<DataTable> totals', () => {
  it('draws the server totals of the whole filter as the last row, formatted by the column', () => {
    renderTable({ totals: { amount: 123456 } });
    const totalsRow = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(totalsRow.hasAttribute('data-totals')).toBe(true);
    expect(within(totalsRow).getByText('Total')).toBeTruthy();
    expect(within(totalsRow).getByText('R$ 1.234,56')).toBeTruthy();
  });

  it('no totals row without totals', () => {
    renderTable();
    expect(screen.queryByText('Total')).toBeNull();
  });
});

describe('<DataTable> states', () => {
  it('empty: the default message or the page one', () => {
    const { rerenderWith } = renderTable({ rows: [], pageInfo: info({ total: 0 }) });
    expect(screen.getByText('Nenhum registro encontrado.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerenderWith({ rows: [], pageInfo: info({ total: 0 }), emptyMessage: 'Nenhum cliente encontrado.' });
    expect(screen.getByText('Nenhum cliente encontrado.')).toBeTruthy();
  });

  it('error: the message and "Tentar novamente"', () => {
    const onRetry = vi.fn();
    renderTable({ rows: undefined, error: new Error('Servidor indisponível.'), onRetry });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Servidor indisponível.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('loading: skeleton before the first page, the previous page kept (busy) afterwards', () => {
    const { rerenderWith } = renderTable({ rows: undefined, loading: true, pageInfo: undefined });
    expect(screen.getByRole('table', { name: 'Linhas' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Linha 0')).toBeNull();
    rerenderWith({ rows: rowsOf(3), pageInfo: info(), loading: true });
    expect(screen.getByText('Linha 0')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Linhas' }).getAttribute('aria-busy')).toBe('true');
    rerenderWith({ rows: rowsOf(3), pageInfo: info(), loading: false });
    expect(screen.getByRole('table', { name: 'Linhas' }).getAttribute('aria-busy')).toBe('false');
  });
});

describe('<DataTable> virtualisation', () => {
  // jsdom lays nothing out: the scrolling box is given a browser's size (600 px high), each row 45 px.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.tagName === 'TR') return 45;
      return this.dataset.testid === 'test.rows-scroll' ? 600 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'test.rows-scroll' ? 1000 : 0;
    });
  });

  it('10,000 rows: only a window of them is in the DOM', () => {
    renderTable({ rows: rowsOf(10_000), pageInfo: info({ total: 10_000, page_size: 10_000 }) });
    const table = screen.getByRole('table', { name: 'Linhas' });
    const bodyRows = table.querySelectorAll('tbody tr[data-index]');
    expect(bodyRows.length).toBeGreaterThan(0);
    expect(bodyRows.length).toBeLessThan(100);
    expect(screen.getByText('Linha 0')).toBeTruthy();
    expect(screen.queryByText('Linha 9999')).toBeNull();
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
  });

  it('a short page is rendered whole', () => {
    renderTable({ rows: rowsOf(50) });
    expect(screen.getByRole('table', { name: 'Linhas' }).querySelectorAll('tbody tr').length).toBe(50);
  });
});

describe('<DataTable> row drawer', () => {
  const detail = {
    title: (r: Row) => r.name,
    render: (r: Row) => <p>Detalhe de {r.name}</p>,
    history: (r: Row) => <p>Histórico de {r.id}</p>,
  };

  it('a row click opens the drawer with the detail and the history', () => {
    renderTable({ detail });
    fireEvent.click(screen.getByText('Cidade 1'));
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByText('Detalhe de Linha 1')).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: 'Histórico' })).toBeTruthy();
    expect(within(drawer).getByText('Histórico de r1')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Enter on a focused row opens it; a checkbox click does not', () => {
    renderTable({ detail, bulkActions: () => null });
    fireEvent.click(screen.getByLabelText('Selecionar linha Linha 0'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = screen.getByText('Cidade 2').closest('tr') as HTMLElement;
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(within(screen.getByRole('dialog')).getByText('Detalhe de Linha 2')).toBeTruthy();
  });
});
