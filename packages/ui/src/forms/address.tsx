import { SimpleGrid } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { unmaskDigits } from '../masks';
import { CepInput } from './maskedInputs';
import { SelectField } from './selectFields';
import { TextField } from './textFields';

/** The states' abbreviations the server accepts, with their names (the UF select). */
export const UFS: ReadonlyArray<{ value: string; label: string }> = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
].map(([value, name]) => ({ value: value ?? '', label: `${value} — ${name}` }));

export const ADDRESS_KEYS = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;
/** Once any part of the address is filled in, these are required (as on the server: `platform::values::Address`). */
export const ADDRESS_REQUIRED = ['cep', 'street', 'city', 'state'] as const;

/** An address as the form holds it: every part a string, the CEP its 8 digits. */
export type AddressValues = Record<(typeof ADDRESS_KEYS)[number], string>;
/** An address as the API sends it (`Address` of every context). */
export type ApiAddress = AddressValues;

export const ADDRESS_LABELS: Readonly<Record<(typeof ADDRESS_KEYS)[number], string>> = {
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
};

export const EMPTY_ADDRESS: AddressValues = { cep: '', street: '', number: '', complement: '', district: '', city: '', state: '' };

/** Whether the form holds an address (then CEP, logradouro, cidade and UF are required). */
export function hasAddress(address: Partial<AddressValues> | undefined): boolean {
  return ADDRESS_KEYS.some((key) => (address?.[key] ?? '').trim() !== '');
}

/** The label of `address.cep`-style paths ("CEP"), or null for another field. */
export function addressFieldLabel(path: string): string | null {
  const match = /^address\.(\w+)$/.exec(path);
  if (!match) return null;
  return ADDRESS_LABELS[match[1] as keyof typeof ADDRESS_LABELS] ?? 'Endereço';
}

export function addressFormValues(address: Partial<ApiAddress> | null | undefined): AddressValues {
  return {
    cep: address?.cep ? unmaskDigits(address.cep) : '',
    street: address?.street ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    district: address?.district ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

/** The address the API expects (trimmed, CEP digits, UF upper case), or undefined when none was filled in. */
export function addressFromForm(address: AddressValues): ApiAddress | undefined {
  if (!hasAddress(address)) return undefined;
  return {
    cep: unmaskDigits(address.cep),
    street: address.street.trim(),
    number: address.number.trim(),
    complement: address.complement.trim(),
    district: address.district.trim(),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
  };
}

/**
 * The address inputs of a form whose values hold an `address` object (`AddressValues`): CEP masked, UF a select,
 * the required parts marked once any part is filled in (`required`).
 */
export function AddressFields<T extends FieldValues>({ required }: { required: boolean }) {
  const name = (key: (typeof ADDRESS_KEYS)[number]) => `address.${key}` as FieldPath<T>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <CepInput<T> name={name('cep')} withAsterisk={required} />
      <TextField<T> name={name('street')} label="Logradouro" withAsterisk={required} />
      <TextField<T> name={name('number')} label="Número" />
      <TextField<T> name={name('complement')} label="Complemento" />
      <TextField<T> name={name('district')} label="Bairro" />
      <TextField<T> name={name('city')} label="Cidade" withAsterisk={required} />
      <SelectField<T>
        name={name('state')}
        label="UF"
        placeholder="Escolha o estado"
        data={UFS}
        searchable
        clearable
        nothingFoundMessage="Nenhum estado encontrado"
        withAsterisk={required}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
