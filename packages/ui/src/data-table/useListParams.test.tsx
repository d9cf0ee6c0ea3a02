import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TEXT_FILTER_DEBOUNCE_MS, useListParams } from './useListParams';

// Mantine renders slowly on a loaded two-core machine: generous limits, the assertions stay the same.
vi.setConfig({ testTimeout: 30_000 });

function Probe() {
  const list = useListParams({ filters: ['q', 'status'] as const, textFilters: ['q'] as const, sortKeys: ['name', 'created_at'] });
  return (
    <div>
      <output aria-label="estado">{JSON.stringify({ filters: list.filters, sort: list.sortParam ?? null, page: list.page, pageSize: list.pageSize })}</output>
      <input aria-label="Buscar" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} />
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        próxima
      </button>
      <button type="button" onClick={() => list.setSort({ id: 'created_at', desc: true })}>
        ordenar
      </button>
      <button type="button" onClick={() => list.setSort(null)}>
        sem ordem
      </button>
      <button type="button" onClick={() => list.setPageSize(100)}>
        cem
      </button>
      <button type="button" onClick={() => list.setFilter('status', 'inactive')}>
        inativos
      </button>
    </div>
  );
}

function setup(url: string) {
  const router = createMemoryRouter([{ path: '/lista', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const state = () => JSON.parse(screen.getByLabelText('estado').textContent ?? '{}') as Record<string, unknown>;
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, state, search };
}

describe('useListParams: the list state lives in the URL', () => {
  it('reads filters, sort, page and page size from a link', () => {
    const { state } = setup('/lista?q=ana&status=active&sort=-name&page=3&page_size=50');
    expect(state()).toEqual({ filters: { q: 'ana', status: 'active' }, sort: '-name', page: 3, pageSize: 50 });
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('ana');
  });

  it('ignores what the server would refuse: unknown sort, page size off the list, bad page', () => {
    const { state } = setup('/lista?sort=-password&page=-2&page_size=7');
    expect(state()).toEqual({ filters: { q: '', status: '' }, sort: null, page: 1, pageSize: 20 });
  });

  it('a page change pushes a history entry: Back returns to the previous page', async () => {
    const { router, state, search } = setup('/lista?status=active&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'próxima' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(search().get('page')).toBe('3');
    expect(search().get('status')).toBe('active');
    await act(() => router.navigate(-1));
    expect(state()).toMatchObject({ page: 2 });
  });

  it('sort, page size and choice filters push and go back to page 1', async () => {
    const { router, search } = setup('/lista?page=4');
    fireEvent.click(screen.getByRole('button', { name: 'ordenar' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(search().get('sort')).toBe('-created_at');
    expect(search().has('page')).toBe(false);

    await act(() => router.navigate('/lista?sort=name&page=4'));
    fireEvent.click(screen.getByRole('button', { name: 'cem' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(search().get('page_size')).toBe('100');
    expect(search().get('sort')).toBe('name');
    expect(search().has('page')).toBe(false);

    await act(() => router.navigate('/lista?page=4'));
    fireEvent.click(screen.getByRole('button', { name: 'inativos' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(search().get('status')).toBe('inactive');
    expect(search().has('page')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'sem ordem' }));
    expect(search().has('sort')).toBe(false);
  });

  it('typing in a text filter shows at once, replaces the URL after the pause and goes back to page 1', () => {
    vi.useFakeTimers();
    try {
      const { router, search, state } = setup('/lista?page=3');
      const input = screen.getByLabelText('Buscar') as HTMLInputElement;
      fireEvent.change(input, { target: { value: 'mar' } });
      fireEvent.change(input, { target: { value: 'maria ' } });
      expect(input.value).toBe('maria ');
      act(() => vi.advanceTimersByTime(TEXT_FILTER_DEBOUNCE_MS - 50));
      expect(search().has('q')).toBe(false);
      act(() => vi.advanceTimersByTime(60));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(search().get('q')).toBe('maria');
      expect(search().has('page')).toBe(false);
      expect(state()).toMatchObject({ filters: { q: 'maria' }, page: 1 });
      // The user's trailing space stays in the box while typing goes on.
      expect(input.value).toBe('maria ');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a filter chosen during the pause in typing survives the text filter written after it', () => {
    vi.useFakeTimers();
    try {
      const { search, state } = setup('/lista');
      fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'maria' } });
      act(() => vi.advanceTimersByTime(TEXT_FILTER_DEBOUNCE_MS / 3));
      fireEvent.click(screen.getByRole('button', { name: 'inativos' }));
      expect(search().get('status')).toBe('inactive');
      act(() => vi.advanceTimersByTime(TEXT_FILTER_DEBOUNCE_MS));
      expect(search().get('q')).toBe('maria');
      expect(search().get('status')).toBe('inactive');
      expect(state()).toMatchObject({ filters: { q: 'maria', status: 'inactive' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a default sort is shown when the URL names none, and choosing it again leaves the URL clean', () => {
    function WithDefault() {
      const list = useListParams({ sortKeys: ['name', 'created_at'], defaultSort: { id: 'name', desc: false } });
      return (
        <div>
          <output aria-label="ordem">{list.sortParam}</output>
          <button type="button" onClick={() => list.setSort({ id: 'name', desc: false })}>
            nome
          </button>
        </div>
      );
    }
    const router = createMemoryRouter([{ path: '/lista', element: <WithDefault /> }], { initialEntries: ['/lista?sort=-created_at'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByLabelText('ordem').textContent).toBe('-created_at');
    fireEvent.click(screen.getByRole('button', { name: 'nome' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('ordem').textContent).toBe('name');
  });

  it('the text box follows the URL when it changes otherwise (Back, a link)', async () => {
    const { router } = setup('/lista?q=ana');
    await act(() => router.navigate('/lista?q=bruno'));
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('bruno');
  });
});
