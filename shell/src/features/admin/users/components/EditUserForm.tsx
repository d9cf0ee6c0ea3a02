import { useSession } from '@backoffice/auth';
import { Form, FormErrors, notify, SelectField, TextField, useZodForm, Button, Group, Stack } from '@backoffice/ui';
import { useUpdateUser, type User } from '../api/usersApi';
import { FlagsFieldset } from './FlagsFieldset';
import { assignableRoles, EDIT_FORM_FIELDS, editValuesOf, roleLabel, serverPathOf, toUpdateRequest, USER_FIELD_LABELS } from './userModel';
import { editUserSchema, type EditUserValues } from './userSchemas';

/** Changes a user's name, role and flags (`PATCH /api/v1/users/{uid}`). */
export function EditUserForm({ user, disabled }: { user: User; disabled?: boolean }) {
  const { user: me } = useSession();
  const update = useUpdateUser(user.uid);
  const form = useZodForm(editUserSchema, { values: editValuesOf(user) });
  const roles = assignableRoles(me?.role);
  // A role the administrator may not give is still shown as the user's current one.
  if (user.role && !roles.some((r) => r.value === user.role)) roles.push({ value: user.role, label: roleLabel(user.role) });

  const onSubmit = async (values: EditUserValues) => {
    const saved = await update.mutateAsync(toUpdateRequest(values));
    notify(`Usuário ${saved.name} alterado.`, 'success');
    form.reset(editValuesOf(saved));
  };

  return (
    <Form form={form} onSubmit={onSubmit} labels={USER_FIELD_LABELS} serverErrors={{ toFormPath: serverPathOf(EDIT_FORM_FIELDS) }} aria-label="Dados do usuário">
      <Stack gap="sm">
        <FormErrors labels={USER_FIELD_LABELS} />
        <TextField name="name" label="Nome" withAsterisk disabled={disabled} />
        <SelectField name="role" label="Perfil" withAsterisk disabled={disabled} data={roles} allowDeselect={false} />
        <FlagsFieldset disabled={disabled} />
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              Salvar alterações
            </Button>
          </Group>
        )}
      </Stack>
    </Form>
  );
}
