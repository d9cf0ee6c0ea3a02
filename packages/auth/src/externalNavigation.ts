/**
 * A route-rules redirect: internal targets are followed by the router; an external target is a full page load,
 * and only when explicitly allowed — otherwise it is refused.
 */
export type RedirectOutcome = 'internal' | 'external' | 'refused';

export interface RedirectEffects {
  navigate: (to: string) => void;
  assign: (url: string) => void;
}

export function classifyTarget(target: string, origin: string): 'internal' | 'external' {
  if (target.startsWith('/') && !target.startsWith('//')) return 'internal';
  try {
    return new URL(target, origin).origin === origin ? 'internal' : 'external';
  } catch {
    return 'external';
  }
}

export function followRedirect(
  target: string,
  origin: string,
  effects: RedirectEffects,
  allowExternal = false,
): RedirectOutcome {
  if (classifyTarget(target, origin) === 'internal') {
    const url = new URL(target, origin);
    effects.navigate(`${url.pathname}${url.search}${url.hash}`);
    return 'internal';
  }
  if (!allowExternal) {
    console.warn('Navegação externa recusada:', target);
    return 'refused';
  }
  effects.assign(target);
  return 'external';
}
