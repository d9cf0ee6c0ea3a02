import { setFetchImpl } from '@backoffice/api-client';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { PayoutSection } from './PayoutSection';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function renderSection(mayEdit: boolean) {
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PayoutSection userId="u1" mayEdit={mayEdit} />
      </QueryClientProvider>
    </BackofficeProvider>,
  );
}

afterEach(() => setFetchImpl((input, init) => fetch(input, init)));

describe('<PayoutSection>', () => {
  it('shows the PIX key with its punctuation, and the form sends the account the person types', async () => {
    const sent: unknown[] = [];
    setFetchImpl((input, init) => {
      if (init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return json({ method: 'conta', bank: '341', agency: '0912', account: '4567812', account_digit: '9', account_type: 'corrente' });
      }
      return new URL(input).pathname === '/api/v1/crm/users/u1/payout' ? json({ method: 'pix', pix_key_type: 'CPF', pix_key: '52998224725' }) : json({}, 404);
    });
    renderSection(true);
    expect(await screen.findByText('529.982.247-25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alterar' }));
    fireEvent.change(screen.getByLabelText('Forma de recebimento'), { target: { value: 'conta' } });
    fireEvent.change(await screen.findByLabelText(/Banco/), { target: { value: '341' } });
    fireEvent.change(screen.getByLabelText(/Agência/), { target: { value: '0912' } });
    fireEvent.change(screen.getByLabelText(/^Conta/), { target: { value: '4567812' } });
    fireEvent.change(screen.getByLabelText(/Dígito/), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar dados de pagamento' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('4567812-9')).toBeTruthy();
    expect(sent).toEqual([{ method: 'conta', bank: '341', agency: '0912', account: '4567812', account_digit: '9', account_type: 'corrente' }]);
  });

  it('shows nothing of it when the server refuses (a manager reading a member)', async () => {
    let asked = false;
    setFetchImpl(() => {
      asked = true;
      return json({ code: 'proibido', message: 'Os dados de pagamento só são vistos pela própria pessoa.' }, 403);
    });
    renderSection(false);
    await vi.waitFor(() => expect(asked).toBe(true));
    await vi.waitFor(() => expect(screen.queryByText('Carregando…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Dados de pagamento' })).toBeNull();
  });
});
