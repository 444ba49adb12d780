// What the realtime feature gives the other features of the shell.
export { createRealtimeConnection, type RealtimeConnection } from './realtime-connection';
