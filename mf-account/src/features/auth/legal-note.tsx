import type { ReactNode } from 'react';
import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { useT } from '../../messages';
import form from '../../ui/form.module.css';

/** "By continuing you agree…", with links that close the modal on their way to the page. */
export function LegalNote({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  return (
    <p className={form.fineprint}>
      {t.rich('auth.legal', {
        terms: (chunks: ReactNode[]) => (
          <Link to={PATHS.terms} onClick={onNavigate}>
            {chunks}
          </Link>
        ),
        privacy: (chunks: ReactNode[]) => (
          <Link to={PATHS.privacy} onClick={onNavigate}>
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}
