/**
 * zod schemas generated from openapi/openapi.json (orval's `zod` client, `generated/zod/`): per operation its
 * body (`createClientBody`), path and query parameters (`getClientParams`, `listClientsQueryParams`) and
 * response (`getClientResponse`), with the limits the server declares (`createClientBodyNameMax`…).
 * Forms extend them with their own rules and Portuguese messages (packages/ui/src/forms).
 */
import './zodConfig';

export * from './generated/zod/crm/crm';
export * from './generated/zod/finance/finance';
export * from './generated/zod/identity/identity';
export * from './generated/zod/sales/sales';
export * from './generated/zod/stock/stock';
export * from './generated/zod/system/system';
