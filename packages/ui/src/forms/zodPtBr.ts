import { config, type $ZodErrorMap } from 'zod/v4/core';

/**
 * zod's messages in Brazilian Portuguese, for a person filling in a form (zod's own `pt` locale speaks to
 * developers: "esperado string, recebido undefined"). Installed once, globally, when the forms module loads
 * (in zod's core, which classic zod and `zod/mini` share, and zod is a shared singleton: every app's schemas get it;
 * `installPtBrErrors`); a schema's own message still wins.
 */
export const ptBrErrorMap: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? 'Campo obrigatório.' : 'Valor inválido.';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'Campo obrigatório.' : `Use pelo menos ${min} caracteres.`;
      if (issue.origin === 'array') return min <= 1 ? 'Informe pelo menos um item.' : `Informe pelo menos ${min} itens.`;
      return issue.inclusive ? `O valor mínimo é ${min}.` : `Informe um valor maior que ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use no máximo ${max} caracteres.`;
      if (issue.origin === 'array') return `Informe no máximo ${max} itens.`;
      return issue.inclusive ? `O valor máximo é ${max}.` : `Informe um valor menor que ${max}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Informe um e-mail válido.';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Informe uma data válida.';
      return 'Formato inválido.';
    case 'invalid_value':
      return 'Escolha uma das opções.';
    case 'not_multiple_of':
      return 'Valor inválido.';
    default:
      return 'Valor inválido.';
  }
};

/**
 * Makes `ptBrErrorMap` zod's locale (idempotent). Called by this module on load and by `useZodForm`/`Form`, so
 * a bundler that drops side-effect-only imports cannot leave a form with English messages. Classic zod sets its
 * English locale when it is first loaded, which may be after this module: so this checks the locale in force
 * rather than remembering that it ran.
 */
export function installPtBrErrors(): void {
  if (config().localeError === ptBrErrorMap) return;
  // jitless: no `new Function` (the Content-Security-Policy forbids it); see @backoffice/api-client's zodConfig.
  config({ localeError: ptBrErrorMap, jitless: true });
}

installPtBrErrors();
