import type { SaleStatus } from '@backoffice/api-client/endpoints';

// A sale's states as every sales page names and colours them (/venda, /minhas-vendas).

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
