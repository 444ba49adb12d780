import { lazy } from 'react';
import { preloadMessageFormatter } from '@rewards/shared/translate/messages';

/**
 * What mf-account's Profile page loads as `mf_cashout/withdrawals-panel`: a lazy component, so the panel's code
 * is a chunk of its own fetched when the tab is opened, not part of this remote's initial JS.
 */
// Its plurals need the message formatter: fetched beside the code, so the panel does not suspend again for it.
export default lazy(() => Promise.all([import('./withdrawals-panel'), preloadMessageFormatter()]).then(([panel]) => panel));
