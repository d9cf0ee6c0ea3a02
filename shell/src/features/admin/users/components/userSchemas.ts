/**
 * The users page's form schemas (zod), apart from userModel.ts: the list shows without them, and zod (shared
 * whole, ~47 KB gzipped) is fetched with the forms (the creation modal, a user's detail), not with the page.
 */
import { Role } from '@backoffice/api-client/endpoints';
import { z } from 'zod';
import { isPlausibleEmail, NAME_MAX, passwordProblem, REASON_MAX, REASON_MIN } from './userModel';

const roleField = z
  .string()
  .refine((value) => (Object.values(Role) as string[]).includes(value), 'Escolha o perfil.');
const nameField = z.string().trim().min(1, { message: 'Informe o nome.', abort: true }).max(NAME_MAX, `O nome deve ter no máximo ${NAME_MAX} caracteres.`);
const flagFields = {
  can_see_conciliation: z.boolean(),
  can_see_dispatch: z.boolean(),
  can_approval_dispatch: z.boolean(),
  access_hub: z.boolean(),
};

export const createUserSchema = z
  .object({
    name: nameField,
    email: z.string().trim().min(1, { message: 'Informe o e-mail.', abort: true }).refine(isPlausibleEmail, 'Informe um e-mail válido, como nome@empresa.com.br.'),
    role: roleField,
    // The rules of the password alone are checked with the other fields (so an empty form names them all);
    // "different from the e-mail" once both are otherwise valid.
    password: z.string().superRefine((password, ctx) => {
      const problem = passwordProblem(password, '');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    ...flagFields,
  })
  .superRefine((values, ctx) => {
    const problem = passwordProblem(values.password, values.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

export type CreateUserValues = z.input<typeof createUserSchema>;

export const editUserSchema = z.object({ name: nameField, role: roleField, ...flagFields });
export type EditUserValues = z.input<typeof editUserSchema>;

/** The reason an administrator gives for a permission exception (10 to 500 characters, kept in the history). */
export const reasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'Informe o motivo.', abort: true })
    .min(REASON_MIN, `O motivo deve ter pelo menos ${REASON_MIN} caracteres.`)
    .max(REASON_MAX, `O motivo deve ter no máximo ${REASON_MAX} caracteres.`),
});
export type ReasonValues = z.input<typeof reasonSchema>;

