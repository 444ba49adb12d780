import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import form from '../../ui/form.module.css';

/** "By continuing you agree…", with links that close the modal on their way to the page. */
export function LegalNote({ onNavigate }: { onNavigate: () => void }) {
  return (
    <p className={form.fineprint}>
      By continuing you agree to our{' '}
      <Link to={PATHS.terms} onClick={onNavigate}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to={PATHS.privacy} onClick={onNavigate}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
