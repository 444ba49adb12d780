// What the offline feature gives the other features of the shell.
export { useOnlineStatus } from './use-online-status';
