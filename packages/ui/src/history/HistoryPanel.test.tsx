import type { HistoryEntry } from '@backoffice/api-client/endpoints';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { BackofficeProvider } from '../BackofficeProvider';
import { HistoryPanel, type HistoryPanelProps } from './HistoryPanel';

// Mantine renders slowly on a loaded two-core machine: generous limits, the assertions stay the same.
vi.setConfig({ testTimeout: 30_000 });

const entries: HistoryEntry[] = [
  { id: 'h1', at: '2026-03-08T02:30:00Z', by_uid: 'u1', by_name: 'Ana Admin', action: 'Cliente cadastrado', to_state: 'active', changes: [] },
  {
    id: 'h2',
    at: '2026-03-09T15:05:00Z',
    by_uid: 'u2',
    by_name: 'Bruno Gerente',
    action: 'Cliente alterado',
    changes: [
      { field: 'name', from: 'Maria', to: 'Maria Silva' },
      { field: 'notes', from: 'antiga', to: '' },
      { field: 'campo_novo', to: 'x' },
    ],
  },
  { id: 'h3', at: '2026-03-10T12:00:00Z', by_uid: 'u2', by_name: 'Bruno Gerente', action: 'Cliente arquivado', from_state: 'active', to_state: 'archived', reason: 'Duplicado', changes: [] },
];

function renderPanel(props: Partial<HistoryPanelProps>) {
  return render(
    <BackofficeProvider env="test">
      <HistoryPanel entries={entries} fieldLabels={{ name: 'Nome', notes: 'Observações' }} stateLabels={{ active: 'Ativo', archived: 'Arquivado' }} {...props} />
    </BackofficeProvider>,
  );
}

describe('<HistoryPanel>', () => {
  it('shows who, when (São Paulo), what, from → to, the reason and the changed fields, newest first', () => {
    const { container } = renderPanel({});
    const items = Array.from(container.querySelectorAll<HTMLElement>('[data-history-entry]'));
    expect(items.map((item) => within(item).getByText(/^Cliente /).textContent)).toEqual(['Cliente arquivado', 'Cliente alterado', 'Cliente cadastrado']);
    const [archived, changed, created] = items as [HTMLElement, HTMLElement, HTMLElement];
    // 12:00Z is 09:00 in São Paulo; 02:30Z on 8 March is 23:30 on the 7th.
    expect(within(archived).getByText('10/03/2026 09:00')).toBeTruthy();
    expect(within(archived).getByText(/Bruno Gerente/)).toBeTruthy();
    expect(within(archived).getByText('Ativo → Arquivado')).toBeTruthy();
    expect(within(archived).getByText('Motivo: Duplicado')).toBeTruthy();
    expect(within(created).getByText('07/03/2026 23:30')).toBeTruthy();
    expect(within(created).getByText('(vazio) → Ativo')).toBeTruthy();
    expect(within(changed).getByText('Nome:')).toBeTruthy();
    expect(within(changed).getByText('Maria → Maria Silva')).toBeTruthy();
    expect(within(changed).getByText('Observações:')).toBeTruthy();
    expect(within(changed).getByText('antiga → (vazio)')).toBeTruthy();
    // A field the page has no label for is shown as named.
    expect(within(changed).getByText('campo_novo:')).toBeTruthy();
    expect(within(changed).queryByText(/^name:/)).toBeNull();
  });

  it('empty, loading and error states', () => {
    const onRetry = vi.fn();
    const { rerender } = renderPanel({ entries: [] });
    expect(screen.getByText('Nenhum registro no histórico.')).toBeTruthy();
    rerender(
      <BackofficeProvider env="test">
        <HistoryPanel entries={undefined} loading />
      </BackofficeProvider>,
    );
    expect(screen.getByLabelText('Carregando histórico')).toBeTruthy();
    rerender(
      <BackofficeProvider env="test">
        <HistoryPanel entries={undefined} error={new Error('Falha de rede.')} onRetry={onRetry} />
      </BackofficeProvider>,
    );
    expect(within(screen.getByRole('alert')).getByText('Falha de rede.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
