// The shell's global styles travel with the prerendered page: it is painted before the shell's CSS arrives.
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import { PATHS } from '@rewards/shared/paths';
import { headerFirstScreens } from '@rewards/shared/ui/header-first-screens.tsx';
import { t } from '../messages';

/** /Profile's first screen, painted from the HTML: its header, as `ProfilePage` begins. */
export const { PRERENDERED_PAGES, messagesReady, renderPrerenderedPages } = headerFirstScreens([
  { path: PATHS.profile, file: 'profile', title: () => t('profile.title'), lead: () => t('profile.lead') },
]);
