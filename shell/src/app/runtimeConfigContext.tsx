import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@backoffice/auth';
import { createContext, useContext } from 'react';

export const RuntimeConfigContext = createContext<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
