import { ApiError } from '@backoffice/api-client';
import { get, type FieldErrors, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * The Portuguese label of a field, by the server's name for it (`document`, `address.cep`, `emails[1]`,
 * `emails[1].address`): a map, or a function for labels that depend on the values or on a list index
 * ("E-mail 2"). Null/undefined: the form has no label for it (then only the message is shown, never the name).
 */
export type FieldLabels = Readonly<Record<string, string>> | ((apiPath: string) => string | null | undefined);

/** Where the form-level message goes (`errors.root.server`); `FormErrors` shows it. */
export const SERVER_ERROR = 'root.server' as const;

const GENERIC_MESSAGE = 'Não foi possível concluir a operação. Tente novamente.';

/** `emails[1].address` → `emails.1.address` (react-hook-form's path). */
export function toFormPath(apiPath: string): string {
  return apiPath.replace(/\[(\d+)\]/g, '.$1');
}

/** `emails.1.address` → `emails[1].address` (the server's name, which labels are keyed by). */
export function toApiPath(formPath: string): string {
  return formPath.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

export function labelOf(labels: FieldLabels, apiPath: string): string | null {
  const label = typeof labels === 'function' ? labels(apiPath) : labels[apiPath];
  return label || null;
}

/** "Corrija o campo CPF." / "Corrija os campos CPF, Nome e E-mail 1." (empty for no labels). */
export function fixFieldsMessage(labels: readonly string[]): string {
  const unique = [...new Set(labels)];
  if (unique.length === 0) return '';
  if (unique.length === 1) return `Corrija o campo ${unique[0]}.`;
  return `Corrija os campos ${unique.slice(0, -1).join(', ')} e ${unique[unique.length - 1]}.`;
}

/**
 * Whether the form shows an input for this path now (so a message can sit next to it): a field registered
 * with react-hook-form (`register`, `Controller`, this kit's inputs) and mounted. A hidden field keeps its
 * value but is unmounted.
 */
export function isFieldMounted<T extends FieldValues, C, O>(form: Pick<UseFormReturn<T, C, O>, 'control'>, formPath: string): boolean {
  const field = get(form.control._fields, formPath) as { _f?: { mount?: boolean } } | undefined;
  return field?._f?.mount === true;
}

export interface ApplyServerErrorsOptions {
  /** Whether the form shows this field (react-hook-form path); by default, whether it is mounted. */
  isShown?: (formPath: string) => boolean;
  /** API path → form path, when the form's shape differs from the API's (default `toFormPath`). */
  toFormPath?: (apiPath: string) => string | null;
}

/**
 * Puts a refusal from the server on the form (react-hook-form):
 * - each field the server names (`address.cep`, `emails[1]`…) that the form shows gets its message, and the
 *   first of them the focus;
 * - the form-level message (`errors.root.server`, shown by `FormErrors`) says which fields to fix, by their
 *   Portuguese labels ("Corrija os campos CPF e E-mail 1."), followed by the messages of the fields the form
 *   does not show, with their labels when known ("Nome fantasia: …") and never their API names;
 * - an error without fields (or not from the server) is the form-level message alone (its Portuguese text).
 * Returns the form-level message.
 */
export function applyServerErrors<T extends FieldValues, C = unknown, O = T>(
  form: Pick<UseFormReturn<T, C, O>, 'control' | 'setError'>,
  error: unknown,
  labels: FieldLabels = {},
  options: ApplyServerErrorsOptions = {},
): string {
  const setRoot = (message: string) => {
    form.setError(SERVER_ERROR, { type: 'server', message });
    return message;
  };
  if (!(error instanceof ApiError) || error.fields.length === 0) {
    return setRoot(error instanceof Error && error.message ? error.message : GENERIC_MESSAGE);
  }
  const isShown = options.isShown ?? ((path: string) => isFieldMounted(form, path));
  const mapPath = options.toFormPath ?? toFormPath;
  const shown: string[] = [];
  const elsewhere: string[] = [];
  let focused = false;
  for (const [apiPath, message] of Object.entries(error.fieldMessages())) {
    const label = labelOf(labels, apiPath);
    const formPath = mapPath(apiPath);
    if (formPath && isShown(formPath)) {
      form.setError(formPath as FieldPath<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
      // A shown field without a label is still pointed at by its message on the field.
      if (label) shown.push(label);
    } else {
      elsewhere.push(label ? `${label}: ${message}` : message);
    }
  }
  const summary = [fixFieldsMessage(shown), ...elsewhere].filter(Boolean).join(' ');
  return setRoot(summary || error.message);
}

/** The form paths holding an error (nested errors flattened: `address.cep`, `emails.1`), root left out. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!prefix && key === 'root') continue;
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string' && 'type' in value) paths.push(path);
    else paths.push(...errorPaths(value as FieldErrors, path));
  }
  return paths;
}
