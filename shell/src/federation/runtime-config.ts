import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@rewards/shared/contracts/runtime-config';

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Runtime config answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
