/**
 * Extra users for a test, made through the API the administrators' page uses (`POST /api/v1/users`), with their
 * first password already changed (`POST /api/v1/auth/password`) so they sign in like the demo users.
 */
import { apiToken, demoEmail } from './fixtures';

export interface TestUser {
  email: string;
  password: string;
}

/** A new active user with `role` (e.g. STOCK_KEEPER), created by the demo administrator. */
export async function createUser(baseUrl: string, role: string, name: string): Promise<TestUser> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `teste.${stamp}@exemplo.com.br`;
  const initial = 'Inicial@2026';
  const password = 'Teste@2026';
  const admin = await apiToken(baseUrl, demoEmail('admin'));
  const created = await fetch(`${baseUrl}/api/v1/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, name: `${name} ${stamp}`, role, password: initial }),
  });
  if (!created.ok) throw new Error(`criar usuário ${role}: ${created.status} ${await created.text()}`);
  const token = await apiToken(baseUrl, email, initial);
  const changed = await fetch(`${baseUrl}/api/v1/auth/password`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ current_password: initial, new_password: password }),
  });
  if (!changed.ok) throw new Error(`trocar a senha inicial: ${changed.status} ${await changed.text()}`);
  return { email, password };
}
