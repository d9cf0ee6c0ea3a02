interface Window {
  /** The runtime-config request started by the entry (see index.ts). */
  __runtimeConfigResponse?: Promise<Response>;
}
