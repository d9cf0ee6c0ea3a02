import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { BackofficeProvider } from '../BackofficeProvider';
import { DateInput, parseBrazilianDate } from './DateInput';
import { Form } from './Form';
import { CepInput, DocumentInput, PhoneInput } from './maskedInputs';
import { MoneyInput, PercentInput } from './MoneyInput';

interface Values {
  amount: number | null;
  rate: number | null;
  document: string;
  cep: string;
  phone: string;
  due: string | null;
}

const EMPTY: Values = { amount: null, rate: null, document: '', cep: '', phone: '', due: null };

/** Renders the fields in a form and hands the form back, to read the values the fields hold. */
function renderForm(fields: ReactNode, defaults: Partial<Values> = {}) {
  const ref: { form?: UseFormReturn<Values> } = {};
  function Harness() {
    const form = useForm<Values>({ defaultValues: { ...EMPTY, ...defaults } });
    ref.form = form;
    return (
      <Form form={form} onSubmit={() => undefined}>
        {fields}
      </Form>
    );
  }
  render(
    <BackofficeProvider env="test">
      <Harness />
    </BackofficeProvider>,
  );
  const values = () => {
    if (!ref.form) throw new Error('form not rendered');
    return ref.form.getValues();
  };
  return { values, form: () => ref.form as UseFormReturn<Values> };
}

/** Types one character at a time, as a person does (each change starts from what the input shows). */
function typeInto(input: HTMLInputElement, text: string) {
  for (const char of text) fireEvent.change(input, { target: { value: input.value + char } });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('<MoneyInput>', { timeout: 30_000 }, () => {
  it('typing "1.234,56" holds 123456 centavos', () => {
    const { values } = renderForm(<MoneyInput<Values> name="amount" label="Valor" />);
    typeInto(input('Valor'), '1.234,56');
    expect(input('Valor').value).toBe('1.234,56');
    expect(values().amount).toBe(123456);
    expect(Number.isInteger(values().amount)).toBe(true);
  });
  it('typing digits only holds whole reais and shows them formatted on leaving the field', () => {
    const { values } = renderForm(<MoneyInput<Values> name="amount" label="Valor" />);
    typeInto(input('Valor'), '1234');
    expect(values().amount).toBe(123400);
    fireEvent.blur(input('Valor'));
    expect(input('Valor').value).toBe('1.234,00');
  });
  it('a paste with the currency sign and extra decimals keeps the amount', () => {
    const { values } = renderForm(<MoneyInput<Values> name="amount" label="Valor" />);
    fireEvent.change(input('Valor'), { target: { value: 'R$ 10.500,999' } });
    expect(input('Valor').value).toBe('10.500,99');
    expect(values().amount).toBe(1050099);
  });
  it('clearing holds null, and a value set from outside is shown formatted', () => {
    const { values, form } = renderForm(<MoneyInput<Values> name="amount" label="Valor" />, { amount: 990 });
    expect(input('Valor').value).toBe('9,90');
    fireEvent.change(input('Valor'), { target: { value: '' } });
    expect(values().amount).toBeNull();
    expect(input('Valor').value).toBe('');
    // The form resets the field elsewhere (react-hook-form's reset re-renders the field).
    fireEvent.change(input('Valor'), { target: { value: '1' } });
    act(() => form().setValue('amount', 250000));
    expect(input('Valor').value).toBe('2.500,00');
  });
});

describe('<PercentInput>', { timeout: 30_000 }, () => {
  it('holds hundredths of a percent: "2,5" → 250', () => {
    const { values } = renderForm(<PercentInput<Values> name="rate" label="Multa" />);
    typeInto(input('Multa'), '2,5');
    expect(values().rate).toBe(250);
    fireEvent.blur(input('Multa'));
    expect(input('Multa').value).toBe('2,50');
  });
});

describe('<DocumentInput>', { timeout: 30_000 }, () => {
  it('masks a CPF as typed and holds its digits', () => {
    const { values } = renderForm(<DocumentInput<Values> name="document" kind="person" />);
    typeInto(input('CPF'), '12345678909');
    expect(input('CPF').value).toBe('123.456.789-09');
    expect(values().document).toBe('12345678909');
  });
  it('takes an alphanumeric CNPJ, upper case, without punctuation in the value', () => {
    const { values } = renderForm(<DocumentInput<Values> name="document" kind="company" />);
    fireEvent.change(input('CNPJ'), { target: { value: '12.abc.345/01de-35' } });
    expect(input('CNPJ').value).toBe('12.ABC.345/01DE-35');
    expect(values().document).toBe('12ABC34501DE35');
  });
  it('without a kind: CPF up to 11 digits, CNPJ past that; a pasted longer text is cut', () => {
    const { values } = renderForm(<DocumentInput<Values> name="document" />);
    fireEvent.change(input('CPF ou CNPJ'), { target: { value: '123.456.789-09' } });
    expect(input('CPF ou CNPJ').value).toBe('123.456.789-09');
    fireEvent.change(input('CPF ou CNPJ'), { target: { value: '11.222.333/0001-81 (matriz)' } });
    expect(input('CPF ou CNPJ').value).toBe('11.222.333/0001-81');
    expect(values().document).toBe('11222333000181');
    fireEvent.change(input('CPF ou CNPJ'), { target: { value: '' } });
    expect(values().document).toBe('');
  });
});

describe('<CepInput> and <PhoneInput>', { timeout: 30_000 }, () => {
  it('mask as typed and hold the digits', () => {
    const { values } = renderForm(
      <>
        <CepInput<Values> name="cep" />
        <PhoneInput<Values> name="phone" label="Telefone" />
      </>,
    );
    typeInto(input('CEP'), '01310100');
    expect(input('CEP').value).toBe('01310-100');
    fireEvent.change(input('Telefone'), { target: { value: '11912345678' } });
    expect(input('Telefone').value).toBe('(11) 91234-5678');
    expect(values()).toMatchObject({ cep: '01310100', phone: '11912345678' });
  });
});

describe('<DateInput>', { timeout: 30_000 }, () => {
  it('parses dd/mm/aaaa into YYYY-MM-DD, and refuses dates that do not exist', () => {
    expect(parseBrazilianDate('07/03/2026')).toBe('2026-03-07');
    expect(parseBrazilianDate('7/3/2026')).toBe('2026-03-07');
    expect(parseBrazilianDate('07032026')).toBe('2026-03-07');
    expect(parseBrazilianDate('31/02/2026')).toBeNull();
    expect(parseBrazilianDate('2026-03-07')).toBeNull();
  });
  it('shows a value as dd/mm/aaaa, holds YYYY-MM-DD when typed, null when cleared', async () => {
    const { values } = renderForm(<DateInput<Values> name="due" label="Vencimento" />, { due: '2026-12-10' });
    // Mantine's date input is fetched when first drawn: an inert input holds the place meanwhile.
    await waitFor(() => expect(input('Vencimento').value).toBe('10/12/2026'));
    fireEvent.change(input('Vencimento'), { target: { value: '07/03/2026' } });
    expect(values().due).toBe('2026-03-07');
    fireEvent.change(input('Vencimento'), { target: { value: '' } });
    expect(values().due).toBeNull();
  });
});

describe('required marks', { timeout: 30_000 }, () => {
  it('withAsterisk marks the label and tells screen readers', () => {
    renderForm(<MoneyInput<Values> name="amount" label="Valor" withAsterisk />);
    const field = screen.getByLabelText(/Valor/);
    expect(field.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*')).toBeTruthy();
  });
});
