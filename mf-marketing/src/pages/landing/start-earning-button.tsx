import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { openAuth } from '@rewards/shared/store/ui-slice';
import section from '../../ui/section.module.css';

/** Spec §2: a Start earning now button that opens the sign-in modal, hidden for a signed-in user. */
export function StartEarningButton({ label }: { label: string }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  if (signedIn) return null;
  return (
    <div className={section.ctaRow}>
      <button type="button" className={section.cta} onClick={() => dispatch(openAuth('signin'))}>
        {label}
      </button>
    </div>
  );
}
