import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { useFollowAccountLanguage } from '../features/language/follow-account-language';
import { AccountSummary } from '../features/navigation/account-summary';
import { MainLinks } from '../features/navigation/main-links';
import type { RealtimeConnection } from '../features/realtime/realtime-connection';
import { useLiveWallet } from '../features/realtime/use-live-wallet';
import { BottomTabBar } from '../features/tab-bar/bottom-tab-bar';

/*
 * What the shell shows and does for a signed-in user only, as one chunk (`signed-in`): a visitor's page never
 * downloads it, a signed-in page gets it preloaded with its HTML (the server's signed-in preloads).
 */

/** The account's language and the live wallet, kept while someone is signed in. */
export function SignedInEffects({ connection }: { connection: RealtimeConnection }) {
  useFollowAccountLanguage();
  useLiveWallet(connection);
  return null;
}

export function SignedInHeader({ user }: { user: UserProfile }) {
  return (
    <>
      <MainLinks />
      <AccountSummary user={user} />
    </>
  );
}

export { BottomTabBar };
