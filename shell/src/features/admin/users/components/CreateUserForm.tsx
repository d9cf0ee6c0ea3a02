import { useSession } from '@backoffice/auth';
import { Form, FormErrors, notify, PasswordField, SelectField, TextField, useZodForm, Button, Group, Stack } from '@backoffice/ui';
import { useCreateUser, type User } from '../api/usersApi';
import { FlagsFieldset } from './FlagsFieldset';
import { assignableRoles, CREATE_FORM_FIELDS, NO_FLAGS, serverPathOf, toCreateRequest, USER_FIELD_LABELS } from './userModel';
import { createUserSchema, type CreateUserValues } from './userSchemas';

/** "Novo usuário": name, e-mail, role, the flags and an initial password the person must change. */
export function CreateUserForm({ onCreated, onCancel }: { onCreated: (user: User) => void; onCancel: () => void }) {
  const { user: me } = useSession();
  const create = useCreateUser();
  const form = useZodForm(createUserSchema, { defaultValues: { name: '', email: '', role: '', password: '', ...NO_FLAGS } });

  const onSubmit = async (values: CreateUserValues) => {
    const created = await create.mutateAsync(toCreateRequest(values));
    notify(`Usuário ${created.name} cadastrado.`, 'success');
    onCreated(created);
  };

  return (
    <Form form={form} onSubmit={onSubmit} labels={USER_FIELD_LABELS} serverErrors={{ toFormPath: serverPathOf(CREATE_FORM_FIELDS) }} aria-label="Novo usuário">
      <Stack gap="sm">
        <FormErrors labels={USER_FIELD_LABELS} />
        <TextField name="name" label="Nome" withAsterisk />
        <TextField name="email" label="E-mail" withAsterisk type="email" autoComplete="off" />
        <SelectField name="role" label="Perfil" withAsterisk placeholder="Escolha o perfil" data={assignableRoles(me?.role)} allowDeselect={false} />
        <PasswordField
          name="password"
          label="Senha inicial"
          withAsterisk
          autoComplete="new-password"
          description="Pelo menos 8 caracteres, com letras e números. A pessoa deverá trocá-la no primeiro acesso."
        />
        <FlagsFieldset />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Cadastrar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
