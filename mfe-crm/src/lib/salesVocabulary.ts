import type { SalesCatalogKind, SaleStatus } from '@backoffice/api-client/endpoints';

// The sales words every sales page uses: a sale's states with their colours, the kinds of catalog item.

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  rascunho: 'Rascunho',
  aguardando_aprovacao: 'Aguardando aprovação',
  confirmada: 'Confirmada',
  em_andamento: 'Em andamento',
  concluida: 'Concluída',
  cancelamento_solicitado: 'Cancelamento solicitado',
  cancelada: 'Cancelada',
  descartada: 'Descartada',
};

export const SALE_STATUS_COLORS: Record<SaleStatus, string> = {
  rascunho: 'gray',
  aguardando_aprovacao: 'yellow',
  confirmada: 'green',
  em_andamento: 'blue',
  concluida: 'teal',
  cancelamento_solicitado: 'orange',
  cancelada: 'red',
  descartada: 'gray',
};

export const CATALOG_KIND_LABELS: Record<SalesCatalogKind, string> = {
  produto: 'Produto',
  procedimento: 'Procedimento',
  plano: 'Plano',
};
