// What the payout-methods feature gives the other features of mf-cashout.
export { PAYOUT_METHODS, payoutMethodTitle, type PayoutMethod } from './payout-methods';
