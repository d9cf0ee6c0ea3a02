import * as apiClient from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import type { CalendarYear } from '@backoffice/api-client/endpoints';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../../shared/renderAdmin';
import HolidaysPage from './HolidaysPage';
import { weekdayOf } from './HolidaysTable';

// The whole suite runs two files at a time on a shared machine: give the page time to answer.
configure({ asyncUtilTimeout: 10_000 });

const year2027: CalendarYear = {
  year: 2027,
  today: '2027-01-25',
  today_is_business_day: false,
  holidays: [
    { day: '2027-01-01', name: 'Confraternização Universal', national: true },
    { day: '2027-01-25', name: 'Aniversário de São Paulo', national: false },
  ],
};

function renderPage() {
  const list = vi.spyOn(apiClient, 'listHolidays').mockResolvedValue(year2027);
  renderAdmin(<HolidaysPage />, { path: '/admin/feriados?ano=2027' });
  return list;
}

describe('<HolidaysPage>', () => {
  it('lists the year from the address: national holidays marked and not removable, extra ones removable', async () => {
    const list = renderPage();
    const table = await screen.findByRole('table', { name: 'Feriados de 2027' });
    expect(list).toHaveBeenCalledWith({ year: 2027 }, expect.anything());
    const national = within(table).getByText('Confraternização Universal').closest('tr') as HTMLElement;
    expect(within(national).getByText('Nacional')).toBeTruthy();
    expect(within(national).getByText('01/01/2027')).toBeTruthy();
    expect(within(national).queryByRole('button')).toBeNull();
    const extra = within(table).getByText('Aniversário de São Paulo').closest('tr') as HTMLElement;
    expect(within(extra).getByText('segunda-feira')).toBeTruthy();
    expect(within(extra).getByRole('button', { name: 'Remover Aniversário de São Paulo (25/01/2027)' })).toBeTruthy();
    expect(screen.getByText('Hoje, 25/01/2027, não é dia útil.')).toBeTruthy();
  }, 20_000);

  it('removes an extra holiday only after confirmation', async () => {
    renderPage();
    const remove = vi.spyOn(apiClient, 'removeHoliday').mockResolvedValue(undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover Aniversário de São Paulo (25/01/2027)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover feriado' });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('2027-01-25'));
  }, 20_000);

  it('adds a holiday typed dd/mm/aaaa, and shows the server’s refusal on the date', async () => {
    renderPage();
    const add = vi
      .spyOn(apiClient, 'addHoliday')
      .mockRejectedValue(new ApiError(400, { code: 'invalido', message: 'Dados inválidos.', fields: [{ field: 'day', message: '25/01/2027 já é feriado: Aniversário de São Paulo.' }] }));
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Adicionar feriado' });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    expect(await within(form).findByText('Informe a data (dd/mm/aaaa).')).toBeTruthy();
    expect(within(form).getByText('Informe o nome do feriado.')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText(/Data/), { target: { value: '25/01/2027' } });
    fireEvent.change(within(form).getByLabelText(/Nome/), { target: { value: 'Aniversário da cidade' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith({ day: '2027-01-25', name: 'Aniversário da cidade' }));
    expect(await within(form).findByText('25/01/2027 já é feriado: Aniversário de São Paulo.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Corrija o campo Data.');
  }, 20_000);

  it('names the weekday of a calendar date whatever the machine’s zone', () => {
    expect(weekdayOf('2027-01-01')).toBe('sexta-feira');
    expect(weekdayOf('2026-03-08')).toBe('domingo');
  });
});
