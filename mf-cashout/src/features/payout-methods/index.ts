// What the payout-methods feature gives the other features of mf-cashout.
export { PAYOUT_METHODS, type PayoutMethod } from './payout-methods';
