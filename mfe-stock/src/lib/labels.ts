/** Portuguese labels of the stock API's codes. */
export const MOVEMENT_KIND_LABELS: Record<string, string> = {
  PURCHASE_IN: 'Entrada por compra',
  MISC_IN: 'Entrada avulsa',
  PROCEDURE_CONSUMPTION: 'Saída por consumo em procedimento',
  DISPATCH_OUT: 'Despacho: envio',
  DISPATCH_IN: 'Despacho: recebimento',
  DISPATCH_RESOLUTION: 'Despacho: divergência resolvida',
  COUNT_ADJUSTMENT: 'Ajuste de inventário',
  MANUAL_ADJUSTMENT: 'Ajuste avulso',
  LOSS_EXPIRY: 'Perda por vencimento',
  LOSS_DAMAGE: 'Perda por avaria',
  SALE_OUT: 'Venda',
  RETURN_TO_SUPPLIER: 'Devolução ao fornecedor',
  REVERSAL: 'Estorno',
};

export const LOCATION_KIND_LABELS: Record<string, string> = {
  CENTRAL: 'Depósito central',
  CLINIC: 'Clínica',
  IN_TRANSIT: 'Em trânsito',
  SUPPLIER: 'Fornecedores',
  CONSUMPTION: 'Consumo',
  CUSTOMER: 'Clientes',
  LOSS: 'Perdas',
  ADJUSTMENT: 'Ajustes',
};

export const MATERIAL_KIND_LABELS: Record<string, string> = {
  MATERIAL: 'Material (consumo)',
  PRODUCT: 'Produto (venda)',
  BOTH: 'Material e produto',
};
