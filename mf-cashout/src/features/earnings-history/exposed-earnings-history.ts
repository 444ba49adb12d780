import { lazy } from 'react';
import { preloadMessageFormatter } from '@rewards/shared/translate/messages';

/**
 * What mf-account's Profile page loads as `mf_cashout/earnings-history`: a lazy component, so the tab's code
 * is a chunk of its own fetched when the tab is opened, not part of this remote's initial JS.
 */
// Its plurals need the message formatter: fetched beside the code, so the panel does not suspend again for it.
export default lazy(() => Promise.all([import('./earnings-history'), preloadMessageFormatter()]).then(([panel]) => panel));
