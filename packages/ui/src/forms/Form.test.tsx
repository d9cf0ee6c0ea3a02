import { ApiError } from '@backoffice/api-client';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BackofficeProvider } from '../BackofficeProvider';
import { TextField } from './fields';
import { Form, FormErrors } from './Form';
import { CepInput, DocumentInput } from './maskedInputs';
import { applyServerErrors, fixFieldsMessage, toApiPath, toFormPath, type FieldLabels } from './serverErrors';
import { useZodForm } from './useZodForm';

const schema = z.object({
  document: z.string().min(1, 'Informe o CPF.'),
  name: z.string().trim().min(1),
  emails: z.array(z.string()),
  address: z.object({ cep: z.string() }),
});
type Values = z.input<typeof schema>;

const LABELS: FieldLabels = (path) => {
  const email = /^emails\[(\d+)\]$/.exec(path);
  if (email) return `E-mail ${Number(email[1]) + 1}`;
  return { document: 'CPF', name: 'Nome', trade_name: 'Nome fantasia', 'address.cep': 'CEP' }[path];
};

const refusal = (fields: Array<{ field: string; message: string }>) =>
  new ApiError(422, { code: 'validation', message: 'Dados inválidos.', fields });

function ClientLikeForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => unknown }) {
  const form = useZodForm(schema, { defaultValues: { document: '', name: '', emails: [''], address: { cep: '' } } });
  return (
    <Form form={form} onSubmit={onSubmit} labels={LABELS}>
      <FormErrors labels={LABELS} />
      <DocumentInput<Values> name="document" kind="person" withAsterisk />
      <TextField<Values> name="name" label="Nome" withAsterisk />
      <TextField<Values> name="emails.0" label="E-mail 1" />
      <CepInput<Values> name="address.cep" />
      <button type="submit">Cadastrar</button>
    </Form>
  );
}

function renderForm(onSubmit: (values: z.output<typeof schema>) => unknown) {
  render(
    <BackofficeProvider env="test">
      <ClientLikeForm onSubmit={onSubmit} />
    </BackofficeProvider>,
  );
}

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('paths', { timeout: 30_000 }, () => {
  it('converts the server names to react-hook-form paths and back', () => {
    expect(toFormPath('emails[1].address')).toBe('emails.1.address');
    expect(toFormPath('address.cep')).toBe('address.cep');
    expect(toApiPath('emails.1.address')).toBe('emails[1].address');
    expect(toApiPath('emails.10')).toBe('emails[10]');
    expect(toApiPath('address.cep')).toBe('address.cep');
  });
  it('names the fields to fix', () => {
    expect(fixFieldsMessage([])).toBe('');
    expect(fixFieldsMessage(['CPF'])).toBe('Corrija o campo CPF.');
    expect(fixFieldsMessage(['CPF', 'Nome', 'E-mail 1', 'CPF'])).toBe('Corrija os campos CPF, Nome e E-mail 1.');
  });
});

describe('a form with the server refusing it', { timeout: 30_000 }, () => {
  it("shows each server message on its field and, above, the fields by label and a hidden field's message", async () => {
    const submitted = vi.fn().mockRejectedValue(
      refusal([
        { field: 'document', message: 'CPF inválido: todos os dígitos são iguais' },
        { field: 'emails[0]', message: 'E-mail inválido' },
        { field: 'trade_name', message: 'Use no máximo 200 caracteres' },
        { field: 'unknown_api_name', message: 'Valor recusado' },
      ]),
    );
    renderForm(submitted);
    fireEvent.change(screen.getByLabelText(/CPF/), { target: { value: '11111111111' } });
    fireEvent.change(screen.getByLabelText(/Nome/), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail 1'), { target: { value: 'não-é-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Corrija os campos CPF e E-mail 1. Nome fantasia: Use no máximo 200 caracteres Valor recusado');
    expect(alert.textContent).not.toContain('trade_name');
    expect(alert.textContent).not.toContain('unknown_api_name');
    const cpf = screen.getByLabelText(/CPF/);
    expect(cpf.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('CPF inválido: todos os dígitos são iguais')).toBeTruthy();
    expect(screen.getByLabelText('E-mail 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('E-mail inválido')).toBeTruthy();
    // The name was accepted; the first refused field has the focus.
    expect(screen.getByLabelText(/Nome/).getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(cpf);
    expect(submitted).toHaveBeenCalledWith({ document: '11111111111', name: 'Ana', emails: ['não-é-email'], address: { cep: '' } });
  });

  it('puts a nested field (address.cep) on its input', async () => {
    renderForm(vi.fn().mockRejectedValue(refusal([{ field: 'address.cep', message: 'CEP deve ter 8 dígitos' }])));
    fireEvent.change(screen.getByLabelText(/CPF/), { target: { value: '12345678909' } });
    fireEvent.change(screen.getByLabelText(/Nome/), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Corrija o campo CEP.');
    expect(screen.getByLabelText('CEP').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('CEP deve ter 8 dígitos')).toBeTruthy();
  });

  it('an error without fields is the message above the form', async () => {
    renderForm(vi.fn().mockRejectedValue(new ApiError(409, { code: 'conflict', message: 'Já existe um cliente com este documento.' })));
    fireEvent.change(screen.getByLabelText(/CPF/), { target: { value: '12345678909' } });
    fireEvent.change(screen.getByLabelText(/Nome/), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Já existe um cliente com este documento.');
  });

  it("the schema's refusals are on their fields, in Portuguese, and the summary names them; nothing is sent", async () => {
    const submitted = vi.fn();
    renderForm(submitted);
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Corrija os campos CPF e Nome.');
    expect(screen.getByText('Informe o CPF.')).toBeTruthy();
    expect(screen.getByText('Campo obrigatório.')).toBeTruthy();
    expect(submitted).not.toHaveBeenCalled();
    // Fixing a field takes its message away.
    fireEvent.change(screen.getByLabelText(/Nome/), { target: { value: 'Ana' } });
    await waitFor(() => expect(screen.queryByText('Campo obrigatório.')).toBeNull());
  });
});

describe('applyServerErrors on its own', { timeout: 30_000 }, () => {
  it('a field the form does not show goes to the form-level message with its label; one without a label, with its message only', () => {
    let message = '';
    function Harness() {
      const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
      return (
        <Form form={form} onSubmit={() => undefined}>
          <TextField<{ name: string }> name="name" label="Nome" />
          <button
            type="button"
            onClick={() => {
              message = applyServerErrors(
                form,
                refusal([
                  { field: 'name', message: 'Nome curto' },
                  { field: 'address.city', message: 'Cidade obrigatória' },
                  { field: 'x', message: 'Outro problema' },
                ]),
                { name: 'Nome', 'address.city': 'Cidade' },
              );
            }}
          >
            aplicar
          </button>
          <FormErrors />
        </Form>
      );
    }
    render(
      <BackofficeProvider env="test">
        <Harness />
      </BackofficeProvider>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'aplicar' })));
    expect(message).toBe('Corrija o campo Nome. Cidade: Cidade obrigatória Outro problema');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByText('Nome curto')).toBeTruthy();
  });
  it('a failure that is not the server answering is its message (or a generic one)', () => {
    const setError = vi.fn();
    const form = { setError, control: { _fields: {} } } as unknown as Parameters<typeof applyServerErrors>[0];
    expect(applyServerErrors(form, new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(applyServerErrors(form, 'x')).toBe('Não foi possível concluir a operação. Tente novamente.');
    expect(setError).toHaveBeenLastCalledWith('root.server', { type: 'server', message: 'Não foi possível concluir a operação. Tente novamente.' });
  });
});
