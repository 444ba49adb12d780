import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs the RuntimeConfigContext provider');
  return config;
}
