import { useId, useState, type ReactNode } from 'react';
import type { SiteLocale } from '../i18n/locales';
import { useLocale } from '../translate/locale-store';
import { useT } from './ui-messages';

type Props = {
  /** In the page's language; the show/hide button's name says it too. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  autoFocusHere?: boolean;
  /** Shown under the input (the sign-up checklist), referenced as its description. */
  hint?: ReactNode;
};

/**
 * The field's label as the show/hide button's name says it: within the sentence ("Show new password") where the
 * language allows; German capitalises nouns, and the French message names the field after a colon.
 */
function labelInButtonName(label: string, locale: SiteLocale): string {
  return locale === 'de' || locale === 'fr' ? label : label.toLocaleLowerCase(locale);
}

/** A required password input with a show/hide toggle (spec §2), in the site's field look, as TextField. */
export function PasswordField({ label, value, onChange, autoComplete, autoFocusHere = false, hint }: Props) {
  const t = useT();
  const locale = useLocale();
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      <div className="text-field-box">
        <input
          id={id}
          className="text-field-input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          autoFocus={autoFocusHere}
          data-autofocus={autoFocusHere ? true : undefined}
          aria-describedby={hint ? hintId : undefined}
        />
        <button
          type="button"
          className="text-field-action"
          aria-label={t(visible ? 'password.hide' : 'password.show', { field: labelInButtonName(label, locale) })}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {hint ? <div id={hintId}>{hint}</div> : null}
    </div>
  );
}

/** An eye, crossed out once the password shows: decorative, the button's name says what it does. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {crossed ? (
        <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
      ) : (
        <>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
        </>
      )}
    </svg>
  );
}
