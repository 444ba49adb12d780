import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
const onServer = () => true;

/** Whether the browser says it has a network connection, following its `online`/`offline` events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
