import * as apiClient from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import type { CalendarYear, Unit } from '@backoffice/api-client/endpoints';
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
    { day: '2027-03-19', name: 'São José', national: false, unit_id: 'u-camp', unit_name: 'Clínica Campinas' },
  ],
};

const unit = (id: string, code: string, name: string, active = true): Unit => ({
  id,
  code,
  name,
  active,
  version: 1,
  created_at: '2026-12-01T12:00:00Z',
  updated_at: '2026-12-01T12:00:00Z',
});
const units: Unit[] = [unit('u-camp', 'CLI-CAMPINAS', 'Clínica Campinas'), unit('u-moema', 'CLI-MOEMA', 'Clínica Moema'), unit('u-old', 'CLI-VELHA', 'Clínica Velha', false)];

function renderPage(path = '/admin/feriados?ano=2027') {
  const list = vi.spyOn(apiClient, 'listHolidays').mockResolvedValue(year2027);
  vi.spyOn(apiClient, 'listUnits').mockResolvedValue(units);
  renderAdmin(<HolidaysPage />, { path });
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
    await waitFor(() => expect(remove).toHaveBeenCalledWith('2027-01-25', undefined));
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

  it('shows the unit of each holiday, every unit for national and company-wide ones', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Feriados de 2027' });
    const national = within(table).getByText('Confraternização Universal').closest('tr') as HTMLElement;
    expect(within(national).getByText('Todas as unidades')).toBeTruthy();
    const company = within(table).getByText('Aniversário de São Paulo').closest('tr') as HTMLElement;
    expect(within(company).getByText('Todas as unidades')).toBeTruthy();
    const local = within(table).getByText('São José').closest('tr') as HTMLElement;
    expect(within(local).getByText('Clínica Campinas')).toBeTruthy();
  }, 20_000);

  it('filters by unit through the address, and removes a unit’s holiday by its date and unit', async () => {
    const list = renderPage();
    await screen.findByRole('table');
    const filter = screen.getByLabelText('Filtrar por unidade');
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'CLI-MOEMA — Clínica Moema' })).toBeTruthy());
    fireEvent.change(filter, { target: { value: 'u-moema' } });
    await waitFor(() => expect(list).toHaveBeenCalledWith({ year: 2027, unit_id: 'u-moema' }, expect.anything()));
    const remove = vi.spyOn(apiClient, 'removeHoliday').mockResolvedValue(undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover São José (19/03/2027)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover feriado' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('2027-03-19', { unit_id: 'u-camp' }));
  }, 20_000);

  it('adds a holiday for one unit (inactive units not offered) and edits one, keyed by its date and unit', async () => {
    renderPage();
    await screen.findByRole('table');
    const add = vi.spyOn(apiClient, 'addHoliday').mockResolvedValue({ day: '2027-08-15', name: 'Assunção', national: false, unit_id: 'u-camp' });
    const form = screen.getByRole('form', { name: 'Adicionar feriado' });
    const unitSelect = within(form).getByLabelText('Unidade');
    await waitFor(() => expect(within(unitSelect).getByRole('option', { name: 'CLI-CAMPINAS — Clínica Campinas' })).toBeTruthy());
    expect(within(unitSelect).queryByRole('option', { name: 'CLI-VELHA — Clínica Velha' })).toBeNull();
    fireEvent.change(within(form).getByLabelText(/Data/), { target: { value: '15/08/2027' } });
    fireEvent.change(within(form).getByLabelText(/Nome/), { target: { value: 'Assunção' } });
    fireEvent.change(unitSelect, { target: { value: 'u-camp' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith({ day: '2027-08-15', name: 'Assunção', unit_id: 'u-camp' }));

    const update = vi.spyOn(apiClient, 'updateHoliday').mockResolvedValue({ day: '2027-03-19', name: 'São José (todas)', national: false });
    fireEvent.click(screen.getByRole('button', { name: 'Editar São José (19/03/2027)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar feriado' });
    const edit = within(dialog).getByRole('form', { name: 'Editar feriado' });
    expect((within(edit).getByLabelText('Unidade') as HTMLSelectElement).value).toBe('u-camp');
    fireEvent.change(within(edit).getByLabelText(/Nome/), { target: { value: 'São José (todas)' } });
    fireEvent.change(within(edit).getByLabelText('Unidade'), { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('2027-03-19', { day: '2027-03-19', name: 'São José (todas)' }, { unit_id: 'u-camp' }));
  }, 30_000);

  it('names the weekday of a calendar date whatever the machine’s zone', () => {
    expect(weekdayOf('2027-01-01')).toBe('sexta-feira');
    expect(weekdayOf('2026-03-08')).toBe('domingo');
  });
});
