/**
 * Forms: react-hook-form + zod. `useZodForm(schema)` (or `useForm({ resolver: zodResolver(schema) })`),
 * `<Form form onSubmit labels>` and `<FormErrors />`, inputs bound by name, `applyServerErrors` for the
 * server's refusals. zod speaks Portuguese once this module is loaded. See docs/web.md, "Formulários".
 */
export { ptBrErrorMap, installPtBrErrors } from './zodPtBr';
export { useZodForm, type FormSchema, type ZodFormReturn } from './useZodForm';
export { Form, FormErrors } from './Form';
export {
  applyServerErrors,
  errorPaths,
  fixFieldsMessage,
  isFieldMounted,
  labelOf,
  SERVER_ERROR,
  toApiPath,
  toFormPath,
  type ApplyServerErrorsOptions,
  type FieldLabels,
} from './serverErrors';
export { formatHundredths, parseHundredths, sanitizeDecimalText } from './decimal';
export { requiredProps, useBoundField, type BoundFieldProps } from './bind';
export { CheckboxField, MultiSelectField, NativeSelectField, PasswordField, SelectField, TagsField, TextareaField, TextField } from './fields';
export { CepInput, DocumentInput, PhoneInput } from './maskedInputs';
export { MoneyInput, PercentInput } from './MoneyInput';
export { DateInput, parseBrazilianDate, type DateInputProps } from './DateInput';
export {
  ADDRESS_KEYS,
  ADDRESS_LABELS,
  ADDRESS_REQUIRED,
  AddressFields,
  addressFieldLabel,
  addressFormValues,
  addressFromForm,
  EMPTY_ADDRESS,
  hasAddress,
  UFS,
  type AddressValues,
  type ApiAddress,
} from './address';
