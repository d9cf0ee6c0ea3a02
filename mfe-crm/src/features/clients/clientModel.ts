/**
 * Moved to `./api/clientModel.ts` (labels and list helpers) and `./components/clientFormModel.ts` (the form).
 * This re-export keeps the list files' `../clientModel` imports working until they point at
 * `../api/clientModel`; then delete it.
 */
export * from './api/clientModel';
