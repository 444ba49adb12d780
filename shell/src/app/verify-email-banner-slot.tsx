import type { ExposedProps } from '@rewards/shared/contracts/exposed-module-types';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { FederatedModule } from '@rewards/shared/ui/federated-module.tsx';
import { loadRemoteModule } from '../federation/federation-runtime';
import { useT } from '../messages';
import { useRuntimeConfig } from './runtime-config-context';
// mf-account's published types (dist/@mf-types) of the banner the built-in runtime config names.
import type * as VerifyEmailBanner from 'mf_account/verify-email-banner';

/**
 * Above every page of a signed-in user whose email is not verified: the banner the runtime config names
 * (mf-account's), with its code field. Nobody else loads it; it goes once the user answer says verified. While
 * it loads, and if it cannot, there is no banner: the page is unchanged.
 */
export function VerifyEmailBannerSlot() {
  const t = useT();
  const { verifyEmailBanner } = useRuntimeConfig();
  const unverified = useAppSelector((state) => selectUser(state)?.email_verified === false);
  if (!unverified || !verifyEmailBanner || !parseExposed(verifyEmailBanner)) return null;
  return <FederatedModule<ExposedProps<typeof VerifyEmailBanner>> exposed={verifyEmailBanner} props={{}} label={t('slots.emailVerification')} placement="hidden" loader={loadRemoteModule} />;
}
