/**
 * Mantine's inputs bound to a form's fields by name (see bind.ts). One module per kind of input: a module is
 * bundled with every component it imports, and the sign-in page (the first load) must not carry the select's
 * dropdown machinery for its two text inputs.
 */
export type Bound<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

export { PasswordField, TextareaField, TextField } from './textFields';
export { CheckboxField, MultiSelectField, NativeSelectField, SelectField, TagsField } from './selectFields';
