import { ApiError } from '@backoffice/api-client';
import { useSession } from '@backoffice/auth';
import { formatDate, notify } from '@backoffice/ui';
import { Alert, Avatar, Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { initialsOf, roleLabel } from '../../../lib/roles';

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  const details: Array<[string, string]> = [
    ['E-mail', user.email],
    ['Perfil', roleLabel(user.role)],
    ['Cadastrado em', formatDate(user.created_at)],
  ];
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Meu perfil</Title>
      <Paper withBorder p="lg" radius="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar size={64} radius="xl" color="green" variant="filled" aria-hidden>
            {initialsOf(user.name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate="end">
              {user.name}
            </Text>
            <Badge variant="light" tt="none" w="fit-content">
              {roleLabel(user.role)}
            </Badge>
          </Stack>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" mt="lg" mb={0}>
          {details.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <ChangePasswordForm />
    </Stack>
  );
}

function ChangePasswordForm() {
  const { adapter, reloadUser } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (next !== confirmation) {
      setErrors({ confirmation: 'A confirmação não confere com a nova senha.' });
      return;
    }
    setBusy(true);
    try {
      await adapter.changePassword(current, next);
      setErrors({});
      setCurrent('');
      setNext('');
      setConfirmation('');
      notify('Senha alterada com sucesso.', 'success');
      await reloadUser().catch(() => null);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fieldMessages() : {});
      setFormError(error instanceof Error ? error.message : 'Não foi possível alterar a senha.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="form" withBorder p="lg" radius="md" onSubmit={(e: FormEvent) => void onSubmit(e)} noValidate>
      <Stack gap="md" maw={420}>
        <Title order={2} size="h3">
          Alterar senha
        </Title>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <PasswordInput label="Senha atual" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.currentTarget.value)} error={errors.current_password} />
        <PasswordInput label="Nova senha" autoComplete="new-password" required value={next} onChange={(e) => setNext(e.currentTarget.value)} error={errors.new_password} />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={errors.confirmation}
        />
        <Button type="submit" loading={busy} w="fit-content">
          Alterar senha
        </Button>
      </Stack>
    </Paper>
  );
}
