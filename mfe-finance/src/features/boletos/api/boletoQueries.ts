import {
  currentApiBase,
  getSessionHooks,
  joinUrl,
  toApiError,
} from '@backoffice/api-client';
import {
  getBoleto,
  getGetBoletoQueryKey,
  getListBoletosQueryKey,
  listBoletos,
  requestBoletoInstruction,
  type BoletoDetail,
  type ListBoletosParams,
  type NewBoletoInstruction,
} from '@backoffice/api-client/endpoints';
import { downloadFile, saveBlob } from '@backoffice/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const BOLETOS_EXPORT_URL = '/api/v1/finance/boletos/export';
/** At most this many boletos in one merged PDF (the server's limit). */
export const MAX_PDF = 500;

export function useBoletos(params: ListBoletosParams) {
  return useQuery({
    queryKey: getListBoletosQueryKey(params),
    queryFn: ({ signal }) => listBoletos(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBoleto(id: string | null) {
  return useQuery({
    queryKey: getGetBoletoQueryKey(id ?? ''),
    queryFn: ({ signal }) => getBoleto(id ?? '', { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useBoletoInstruction(id: string) {
  const queries = useQueryClient();
  return useMutation<BoletoDetail, Error, NewBoletoInstruction>({
    mutationFn: (body) => requestBoletoInstruction(id, body),
    onSuccess: (detail) => {
      queries.setQueryData(getGetBoletoQueryKey(id), detail);
      void queries.invalidateQueries({ queryKey: getListBoletosQueryKey() });
    },
  });
}

/** Downloads one boleto's PDF as the signed-in user. */
export function downloadBoletoPdf(id: string) {
  return downloadFile(`/api/v1/finance/boletos/${id}/pdf`, {}, 'boleto.pdf');
}

async function authorized(path: string, init: RequestInit): Promise<Response> {
  const send = async () => {
    const token = await getSessionHooks()?.getAccessToken();
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(joinUrl(currentApiBase(), path), { ...init, headers });
  };
  let response = await send();
  const hooks = getSessionHooks();
  if (response.status === 401 && hooks && (await hooks.refresh().catch(() => false))) response = await send();
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Up to 500 boletos in one PDF (a page each), saved as `boletos.pdf`. */
export async function downloadMergedPdf(ids: string[]): Promise<void> {
  const response = await authorized('/api/v1/finance/boletos/pdf', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ids }),
  });
  saveBlob(await response.blob(), 'boletos.pdf');
}

/** The boleto's PDF as an object URL, for the preview (the caller revokes it). */
export async function boletoPdfUrl(id: string): Promise<string> {
  const response = await authorized(`/api/v1/finance/boletos/${id}/pdf`, { method: 'GET' });
  return URL.createObjectURL(await response.blob());
}
