export * from './apiBase';
export * from './retryPolicy';
export * from './errors';
export * from './config';
export { customFetch, setFetchImpl } from './mutator';
export * from './contract';
export * from './schemas';
