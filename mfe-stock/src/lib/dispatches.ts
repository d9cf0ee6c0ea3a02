import {
  useApproveStockDispatch,
  useCancelStockDispatch,
  useCreateStockDispatch,
  useGetStockDispatch,
  useGetStockHub,
  useListStockDispatchApprovals,
  useListStockDispatches,
  usePickStockDispatch,
  useReceiveStockDispatch,
  useRejectStockDispatch,
  useResolveStockDispatch,
  useShipStockDispatch,
  useStartStockDispatchPicking,
  useSubmitStockDispatch,
  useUpdateStockDispatch,
  type ListStockDispatchesParams,
  type StockDispatchStatus,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/** The dispatch states (§4) as people read them. */
export const DISPATCH_STATUS_LABELS: Record<StockDispatchStatus, string> = {
  RASCUNHO: 'Rascunho',
  SOLICITADO: 'Solicitado',
  APROVADO: 'Aprovado',
  REJEITADO: 'Rejeitado',
  EM_SEPARACAO: 'Em separação',
  ENVIADO: 'Enviado',
  RECEBIDO: 'Recebido',
  RECEBIDO_COM_DIVERGENCIA: 'Recebido com divergência',
  ENCERRADO: 'Encerrado',
  CANCELADO: 'Cancelado',
};

export const DISPATCH_STATUS_COLORS: Record<StockDispatchStatus, string> = {
  RASCUNHO: 'gray',
  SOLICITADO: 'yellow',
  APROVADO: 'blue',
  REJEITADO: 'red',
  EM_SEPARACAO: 'indigo',
  ENVIADO: 'cyan',
  RECEBIDO: 'green',
  RECEBIDO_COM_DIVERGENCIA: 'orange',
  ENCERRADO: 'teal',
  CANCELADO: 'gray',
};

export function dispatchUrl(id: string): string {
  return `/hub/despachos?id=${encodeURIComponent(id)}`;
}

export function useHub(locationId: string | undefined) {
  return useGetStockHub(locationId ? { location_id: locationId } : {});
}

export function useDispatches(params: ListStockDispatchesParams, enabled = true) {
  return useListStockDispatches(params, { query: { enabled } });
}

export function useDispatch(id: string | null) {
  return useGetStockDispatch(id ?? '', { query: { enabled: !!id } });
}

export function useApprovalQueue() {
  return useListStockDispatchApprovals();
}

/** Every dispatch write refreshes every stock query (the hub, lists, the detail). */
export function useDispatchMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/v1/stock/') });
  const options = { mutation: { onSuccess: refresh } };
  return {
    create: useCreateStockDispatch(options),
    update: useUpdateStockDispatch(options),
    submit: useSubmitStockDispatch(options),
    cancel: useCancelStockDispatch(options),
    approve: useApproveStockDispatch(options),
    reject: useRejectStockDispatch(options),
    startPicking: useStartStockDispatchPicking(options),
    pick: usePickStockDispatch(options),
    ship: useShipStockDispatch(options),
    receive: useReceiveStockDispatch(options),
    resolve: useResolveStockDispatch(options),
  };
}

/** A draft is edited (and submitted) by whoever saved it while it is RASCUNHO. The server decides; this only
 * shows the button. */
export function mayEdit(d: { status: StockDispatchStatus; requester_uid: string }, uid: string | undefined): boolean {
  return !!uid && d.status === 'RASCUNHO' && d.requester_uid === uid;
}

/** Who may cancel in each state (§4): a draft or a request its requester; an approved dispatch or one being
 * picked its approver or a stock manager. The server decides; this only shows the button. */
export function mayCancel(
  d: { status: StockDispatchStatus; requester_uid: string; approver_uid?: string },
  uid: string | undefined,
  isStockManager: boolean,
): boolean {
  if (!uid) return false;
  if (d.status === 'RASCUNHO' || d.status === 'SOLICITADO') return d.requester_uid === uid;
  if (d.status === 'APROVADO' || d.status === 'EM_SEPARACAO') return d.approver_uid === uid || isStockManager;
  return false;
}

/** The message of an API error (the client throws it with the server's Portuguese message). */
export function errorMessage(e: unknown, fallback: string): string {
  return e instanceof Error && e.message ? e.message : fallback;
}
