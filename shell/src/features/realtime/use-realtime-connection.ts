import { useMemo } from 'react';
import { getApiBase } from '@rewards/shared/api/api-base';
import type { RealtimeConfig } from '@rewards/shared/contracts/runtime-config';
import { createRealtimeConnection, type RealtimeConnection } from './realtime-connection';

/** The page's one realtime socket (opened only once something borrows it). */
export function useRealtimeConnection(realtime: RealtimeConfig): RealtimeConnection {
  return useMemo(() => createRealtimeConnection(realtime, getApiBase()), [realtime]);
}
