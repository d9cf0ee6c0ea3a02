export * from './runtimeConfig';
export * from './userStore';
export type { AuthAdapter, SignedIn } from './adapter';
export { createEmbeddedAdapter } from './embeddedAdapter';
export { createFirebaseAdapter } from './firebaseAdapter';
export * from './accessRules';
export * from './guardRules';
export * from './hubRules';
export * from './audit';
export * from './externalNavigation';
export * from './session';
export { usePermission } from './usePermission';
// The remotes' standalone harness is `@backoffice/auth/standalone`: it draws a page with the UI library, and this
// entry is shared and loaded whole on the first page, which must not pull the library in.
