import { z } from 'zod';
import { installPtBrErrors } from './zodPtBr';

installPtBrErrors();

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('zod in Brazilian Portuguese', () => {
  it('says what a person must fix', () => {
    expect(messages(z.string(), undefined)).toEqual(['Campo obrigatório.']);
    expect(messages(z.string().min(1), '')).toEqual(['Campo obrigatório.']);
    expect(messages(z.string().min(8), 'abc')).toEqual(['Use pelo menos 8 caracteres.']);
    expect(messages(z.string().max(3), 'abcd')).toEqual(['Use no máximo 3 caracteres.']);
    expect(messages(z.email(), 'não-é-email')).toEqual(['Informe um e-mail válido.']);
    expect(messages(z.number().int().min(1), 0)).toEqual(['O valor mínimo é 1.']);
    expect(messages(z.number(), null)).toEqual(['Campo obrigatório.']);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(['Escolha uma das opções.']);
  });
  it("a schema's own message wins", () => {
    expect(messages(z.string().min(1, 'Informe o nome.'), '')).toEqual(['Informe o nome.']);
  });
});
