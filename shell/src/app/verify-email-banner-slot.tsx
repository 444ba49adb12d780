import { useState } from 'react';
import { peekInlinedSessionUser } from '@rewards/shared/api/session-probe';
import type { ExposedProps } from '@rewards/shared/contracts/exposed-module-types';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectSessionStatus, selectUser } from '@rewards/shared/store/session-slice';
import { FederatedModule } from '@rewards/shared/ui/federated-module.tsx';
import { loadRemoteModule } from '../federation/federation-runtime';
import { useT } from '../messages';
import { useRuntimeConfig } from './runtime-config-context';
import styles from './verify-email-banner-slot.module.css';
// mf-account's published types (dist/@mf-types) of the banner the built-in runtime config names.
import type * as VerifyEmailBanner from 'mf_account/verify-email-banner';

/**
 * Above every page of a signed-in user whose email is not verified: the banner the runtime config names
 * (mf-account's), with its code field. Nobody else loads it; it goes once the user answer says verified. An
 * empty box holds its place from the first paint until it arrives, so the page below does not move then; if it
 * cannot load, the box goes and there is no banner. Part of the shell's start-up code, not of its signed-in chunk,
 * for that first paint.
 */
export function VerifyEmailBannerSlot() {
  const t = useT();
  const { verifyEmailBanner } = useRuntimeConfig();
  const status = useAppSelector(selectSessionStatus);
  const unverified = useAppSelector((state) => selectUser(state)?.email_verified === false);
  // The first render comes before the session check has put the page's user in the store (it reads the same
  // answer, but only once the API client has loaded): the answer still in the page tells what is coming.
  const [unverifiedInPage] = useState(() => peekInlinedSessionUser()?.email_verified === false);
  if (!verifyEmailBanner || !parseExposed(verifyEmailBanner)) return null;
  if (status === 'unknown') return unverifiedInPage ? <div className={styles.bannerSpace} aria-hidden="true" /> : null;
  if (status !== 'authenticated' || !unverified) return null;
  return (
    <FederatedModule<ExposedProps<typeof VerifyEmailBanner>>
      exposed={verifyEmailBanner}
      props={{}}
      label={t('slots.emailVerification')}
      placement="reserved"
      className={styles.bannerSpace}
      loader={loadRemoteModule}
    />
  );
}
