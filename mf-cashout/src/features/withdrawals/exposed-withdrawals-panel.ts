import { lazy } from 'react';

/**
 * What mf-account's Profile page loads as `mf_cashout/withdrawals-panel`: a lazy component, so the panel's code
 * is a chunk of its own fetched when the tab is opened, not part of this remote's initial JS.
 */
export default lazy(() => import('./withdrawals-panel'));
