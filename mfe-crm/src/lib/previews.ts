import { getMyCrmPreviewsQueryKey, useMyCrmPreviews } from '@backoffice/api-client/endpoints';

/**
 * The CRM features in pilot a screen may show or hide (the registry is the server's `domain::preview::FEATURES`;
 * `/crmDev` → *Recursos em prévia* turns them on or off per role, team or user).
 */
export type PreviewCode = 'funil_lista' | 'cadencias_calendario' | 'funil_agenda';

/** The query of the caller's features on; the laboratory refreshes it after a change. */
export const myPreviewsKey = getMyCrmPreviewsQueryKey;

/** Whether `code` is on for the signed-in user (off until the answer arrives, and when it cannot be read). */
export function usePreview(code: PreviewCode): boolean {
  const mine = useMyCrmPreviews({ query: { staleTime: 60_000 } });
  return mine.data?.enabled.includes(code) ?? false;
}
