// What the cashout-stats feature gives the other features of mf-cashout.
export { useCashoutStats } from './cashout-stats-api';
