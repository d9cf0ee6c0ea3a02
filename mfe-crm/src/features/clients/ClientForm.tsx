import type { ClientKind } from '@backoffice/api-client';
import { Button, maskCep, maskDocument, maskPhone, SelectField, TextField } from '@backoffice/ui';
import { useState, type FormEvent } from 'react';
import { KIND_LABELS, type ClientFormValues } from './clientModel';

interface ClientFormProps {
  initial: ClientFormValues;
  /** Server messages keyed by field (`document`, `emails[0]`, `address.cep`…). */
  errors: Record<string, string>;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (values: ClientFormValues) => void;
  onCancel: () => void;
}

type TextKey = Exclude<keyof ClientFormValues, 'emails' | 'phones' | 'kind' | 'status'>;

export function ClientForm({ initial, errors, submitting, submitLabel, onSubmit, onCancel }: ClientFormProps) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof ClientFormValues>(key: K, value: ClientFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setListItem = (key: 'emails' | 'phones', index: number, value: string) =>
    setValues((v) => ({ ...v, [key]: v[key].map((item, i) => (i === index ? value : item)) }));

  const text = (key: TextKey, label: string, mask?: (value: string) => string, errorKey: string = key) => (
    <TextField label={label} value={values[key]} error={errors[errorKey]} onChange={(e) => set(key, mask ? mask(e.target.value) : e.target.value)} />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <form className="bo-card" onSubmit={submit} noValidate>
      <div className="bo-row">
        <SelectField
          label="Tipo"
          value={values.kind}
          error={errors.kind}
          onChange={(e) => {
            const kind = e.target.value as ClientKind;
            setValues((v) => ({ ...v, kind, document: maskDocument(v.document, kind) }));
          }}
        >
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {text('document', values.kind === 'person' ? 'CPF' : 'CNPJ', (v) => maskDocument(v, values.kind))}
        <SelectField label="Situação" value={values.status} error={errors.status} onChange={(e) => set('status', e.target.value as 'active' | 'inactive')}>
          <option value="active">Ativo</option>
          <option value="inactive">Inativo</option>
        </SelectField>
      </div>
      <div className="bo-row">
        {text('name', values.kind === 'person' ? 'Nome' : 'Razão social')}
        {values.kind === 'company' && text('trade_name', 'Nome fantasia')}
      </div>
      <fieldset className="bo-row" style={{ border: 0, padding: 0 }}>
        <legend className="bo-muted">Contatos</legend>
        {values.emails.map((email, i) => (
          <TextField key={`e${i}`} label={`E-mail ${i + 1}`} type="email" value={email} error={errors[`emails[${i}]`]} onChange={(e) => setListItem('emails', i, e.target.value)} />
        ))}
        {values.phones.map((phone, i) => (
          <TextField key={`p${i}`} label={`Telefone ${i + 1}`} type="tel" value={phone} error={errors[`phones[${i}]`]} onChange={(e) => setListItem('phones', i, maskPhone(e.target.value))} />
        ))}
      </fieldset>
      <div className="bo-row" style={{ marginBottom: '1rem' }}>
        <Button variant="secondary" onClick={() => set('emails', [...values.emails, ''])}>
          Adicionar e-mail
        </Button>
        <Button variant="secondary" onClick={() => set('phones', [...values.phones, ''])}>
          Adicionar telefone
        </Button>
      </div>
      <fieldset className="bo-row" style={{ border: 0, padding: 0 }}>
        <legend className="bo-muted">Endereço</legend>
        {text('cep', 'CEP', maskCep, 'address.cep')}
        {text('street', 'Logradouro', undefined, 'address.street')}
        {text('number', 'Número', undefined, 'address.number')}
        {text('complement', 'Complemento', undefined, 'address.complement')}
        {text('district', 'Bairro', undefined, 'address.district')}
        {text('city', 'Cidade', undefined, 'address.city')}
        {text('state', 'UF', (v) => v.toUpperCase().slice(0, 2), 'address.state')}
      </fieldset>
      {text('notes', 'Observações')}
      <div className="bo-row">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
