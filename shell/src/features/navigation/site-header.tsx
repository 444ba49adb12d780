import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectSessionStatus, selectUser } from '@rewards/shared/store/session-slice';
import { PATHS } from '@rewards/shared/paths';
import { BrandLogo } from './brand-logo';
import { GuestActions } from './guest-actions';
import { SignedInSlot } from '../../app/signed-in-slot';
import styles from './site-header.module.css';

/**
 * The top bar: desktop navigation above 800 px, the phone's top bar at 800 px and narrower (same elements, fewer shown).
 * While the session is unknown neither visitor nor member controls show, so nothing flickers.
 */
export function SiteHeader() {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  const signedIn = status === 'authenticated' && user !== null;
  const placeholder = <div className={styles.placeholder} data-testid="session-placeholder" aria-hidden="true" />;

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <BrandLogo to={signedIn ? PATHS.earn : PATHS.home} compactOnMobile={signedIn} />
        {signedIn && <SignedInSlot placeholder={placeholder}>{({ SignedInHeader }) => <SignedInHeader user={user} />}</SignedInSlot>}
        {status === 'unauthenticated' && <GuestActions />}
        {status === 'unknown' && placeholder}
      </div>
    </header>
  );
}
