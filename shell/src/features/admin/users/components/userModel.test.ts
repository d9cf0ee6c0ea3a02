import { historyValue } from './UserHistory';
import { assignableRoles, mayManage, passwordProblem, toCreateRequest } from './userModel';
import { createUserSchema, reasonSchema } from './userSchemas';

const valid = {
  name: 'Bruno Souza',
  email: 'bruno@empresa.com.br',
  role: 'SALESPERSON',
  password: 'Inicial2026',
  can_see_conciliation: false,
  can_see_dispatch: true,
  can_approval_dispatch: false,
  access_hub: true,
};

/** The first message of each field, as the form shows it. */
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
};

describe('the new-user form rules (the server’s)', () => {
  it('accepts a complete user and sends the flags the API’s way', () => {
    const parsed = createUserSchema.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect(toCreateRequest(valid)).toEqual({
      name: 'Bruno Souza',
      email: 'bruno@empresa.com.br',
      role: 'SALESPERSON',
      password: 'Inicial2026',
      role_id: { can_see_conciliation: false, can_see_dispatch: true, can_approval_dispatch: false },
      access_hub: true,
    });
  });
  it('refuses a name over 120 characters, an empty one, a bad e-mail and no role', () => {
    expect(messages(createUserSchema.safeParse({ ...valid, name: 'x'.repeat(121) }))).toEqual({ name: 'O nome deve ter no máximo 120 caracteres.' });
    expect(createUserSchema.safeParse({ ...valid, name: 'x'.repeat(120) }).success).toBe(true);
    expect(messages(createUserSchema.safeParse({ ...valid, name: '   ' }))).toEqual({ name: 'Informe o nome.' });
    expect(messages(createUserSchema.safeParse({ ...valid, email: 'bruno@empresa' }))).toEqual({ email: 'Informe um e-mail válido, como nome@empresa.com.br.' });
    expect(messages(createUserSchema.safeParse({ ...valid, role: '' }))).toEqual({ role: 'Escolha o perfil.' });
  });
  it('says every password rule broken at once', () => {
    expect(passwordProblem('abc', '')).toBe('A senha deve ter pelo menos 8 caracteres e conter pelo menos um número.');
    expect(passwordProblem('12345678', '')).toBe('A senha deve conter pelo menos uma letra.');
    expect(passwordProblem('Bruno@Empresa.com.br1', 'bruno@empresa.com.br1')).toBe('A senha deve ser diferente do e-mail.');
    // An empty form names every field, the password's rules included.
    expect(Object.keys(messages(createUserSchema.safeParse({ ...valid, name: '', email: '', role: '', password: '' })))).toEqual(['name', 'email', 'role', 'password']);
    expect(messages(createUserSchema.safeParse({ ...valid, password: 'Bruno@Empresa.com.br1', email: 'bruno@empresa.com.br1' }))).toEqual({
      password: 'A senha deve ser diferente do e-mail.',
    });
    expect(messages(createUserSchema.safeParse({ ...valid, password: 'curta' }))).toEqual({
      password: 'A senha deve ter pelo menos 8 caracteres e conter pelo menos um número.',
    });
  });
});

describe('the reason of a permission exception', () => {
  it('is required, 10 to 500 characters (spaces around do not count)', () => {
    expect(messages(reasonSchema.safeParse({ reason: '' }))).toEqual({ reason: 'Informe o motivo.' });
    expect(messages(reasonSchema.safeParse({ reason: '  123456789  ' }))).toEqual({ reason: 'O motivo deve ter pelo menos 10 caracteres.' });
    expect(reasonSchema.safeParse({ reason: '1234567890' }).success).toBe(true);
    expect(reasonSchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(messages(reasonSchema.safeParse({ reason: 'x'.repeat(501) }))).toEqual({ reason: 'O motivo deve ter no máximo 500 caracteres.' });
  });
});

describe('who manages whom', () => {
  it('only a superadministrator gives or changes administrator roles', () => {
    const values = (role: string) => assignableRoles(role).map((r) => r.value);
    expect(values('ADMIN')).not.toContain('ADMIN');
    expect(values('ADMIN')).not.toContain('SUPER_ADMIN');
    expect(values('ADMIN')).toContain('SALESPERSON');
    expect(values('SUPER_ADMIN')).toEqual(expect.arrayContaining(['ADMIN', 'SUPER_ADMIN']));
    expect(assignableRoles('ADMIN').find((r) => r.value === 'SALESPERSON')?.label).toBe('Vendedor');
    expect(mayManage('ADMIN', { role: 'ADMIN' })).toBe(false);
    expect(mayManage('ADMIN', { role: 'SALESPERSON' })).toBe(true);
    expect(mayManage('SUPER_ADMIN', { role: 'ADMIN' })).toBe(true);
  });
});

describe('the history says values as people do', () => {
  it('roles by their label, flags as Sim/Não, permissions by what they allow', () => {
    expect(historyValue('role', 'SALESPERSON')).toBe('Vendedor');
    expect(historyValue('access_hub', 'true')).toBe('Sim');
    expect(historyValue('active', 'false')).toBe('Não');
    expect(historyValue('permission', 'clientes_arquivar', [{ code: 'clientes_arquivar', label: 'arquivar e restaurar clientes', default_roles: [], roles: [], editable: true }])).toBe(
      'Arquivar e restaurar clientes',
    );
    expect(historyValue('name', 'Ana')).toBe('Ana');
  });
});
