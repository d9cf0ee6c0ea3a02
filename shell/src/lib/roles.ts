/** How a role and a person are shown (profile page, user menu). */
export const ROLE_LABELS: Record<string, string> = {
  FINANCIAL_ASSISTANT: 'Assistente financeiro',
  FINANCIAL_MANAGER: 'Gerente financeiro',
  LEGAL_ASSISTANT: 'Assistente jurídico',
  ADMIN: 'Administrador',
  SUPER_ADMIN: 'Superadministrador',
  SALESPERSON: 'Vendedor',
  SALES_MANAGER: 'Gerente de vendas',
  PURCHASING_ASSISTANT: 'Assistente de compras',
  PURCHASING_MANAGER: 'Gerente de compras',
  STOCK_KEEPER: 'Estoquista',
  STOCK_MANAGER: 'Gerente de estoque',
  CLINIC_STAFF: 'Equipe da clínica',
};

export function roleLabel(role: string | null | undefined): string {
  return role ? (ROLE_LABELS[role] ?? role) : 'Sem perfil';
}

/** The initials shown in the avatar: first and last name. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
