import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { getApiBase } from '@rewards/shared/api/api-base';
import type { ApiError } from '@rewards/shared/api/api-error';
import { PATHS } from '@rewards/shared/paths';
import { useNavigate } from '@rewards/shared/router';
import { readReferral } from '@rewards/shared/rules/referral';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { refusalOf, useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';
import { RichText } from '../../ui/rich-text';
import styles from './hero-form.module.css';

type Props = { content: LandingContent['hero'] };

type HeroSubmit = typeof import('./hero-submit');
let heroSubmitLoading: Promise<HeroSubmit> | null = null;

function storedReferral(): string | null {
  try {
    return readReferral(localStorage);
  } catch {
    return null;
  }
}

/** What the sign-up says when its own code cannot load either: spec §8's network problem. */
const CODE_NOT_LOADED: ApiError = { status: 'NETWORK_ERROR' };

/**
 * Spec §8's message for a failure the server explains with neither a code nor a message: 422 'Invalid
 * registration data', 401 'Email or password is incorrect', and so on.
 */
function heroFailureKey(error: ApiError) {
  if (error.status === 422) return 'hero.error.invalidData';
  if (error.status === 401) return 'hero.error.credentials';
  if (typeof error.status === 'number' && error.status >= 500) return 'hero.error.server';
  if (error.status === 'NETWORK_ERROR' || error.status === 'TIMEOUT') return 'hero.error.network';
  return 'hero.error.unexpected';
}

/**
 * What submitting takes (the hero's calls, RTK Query with them, the error rules) loads once the visitor turns
 * to the form (its email field's focus), not with the landing page. A failed load is tried again.
 */
function loadHeroSubmit(): Promise<HeroSubmit> {
  if (!heroSubmitLoading) {
    const loading = import('./hero-submit');
    loading.catch(() => {
      if (heroSubmitLoading === loading) heroSubmitLoading = null;
    });
    heroSubmitLoading = loading;
  }
  return heroSubmitLoading;
}

type HeroFieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string };

/** A label and its input in the site's field look (base.css), without loading shared's TextField on the landing. */
function HeroField({ id, label, ...input }: HeroFieldProps) {
  return (
    <>
      <label className="text-field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="text-field-input" required {...input} />
    </>
  );
}

/**
 * The hero's email sign-up (spec §2, §4, §8): the password field appears once the email field has focus or
 * text; a new email makes an account, a known one signs in; then /Earn (or /Profile if the session check fails).
 */
export function HeroForm({ content }: Props) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const id = useId();
  const t = useT();
  // The landing's first screen: the codes' words load only with a refusal to show.
  const errorText = useApiErrorText({ loadWhenShown: true });
  // The server's code (or its first field's) in the page's language, else its message or first field error, else spec §8's words.
  const message = failure ? errorText(refusalOf(failure), t(heroFailureKey(failure))) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    let outcome: Awaited<ReturnType<HeroSubmit['submitHeroSignUp']>>;
    try {
      const { submitHeroSignUp } = await loadHeroSubmit();
      outcome = await submitHeroSignUp(dispatch, { email, password, referralCode: storedReferral() });
    } catch {
      outcome = { ok: false, error: CODE_NOT_LOADED };
    }
    if (!outcome.ok) {
      setBusy(false);
      setFailure(outcome.error);
      return;
    }
    const signedIn = await dispatch(refreshSession()).unwrap();
    navigate(signedIn ? PATHS.earn : PATHS.profile);
  }

  return (
    <div className={styles.card}>
      <form className={styles.form} onSubmit={submit} aria-label={t('hero.form.label')}>
        <HeroField
          id={`${id}-email`}
          label={content.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('hero.email.placeholder')}
          value={email}
          onFocus={() => {
            setRevealed(true);
            void loadHeroSubmit().catch(() => undefined);
          }}
          onChange={(event) => {
            setEmail(event.target.value);
            setRevealed(true);
          }}
        />
        {revealed ? (
          <div className={styles.reveal}>
            <HeroField
              id={`${id}-password`}
              label={content.passwordLabel}
              type="password"
              name="password"
              autoComplete="new-password"
              placeholder={t('hero.password.placeholder')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        ) : null}
        {message ? (
          <p className={styles.error} role="alert">
            {message}
          </p>
        ) : null}
        <button type="submit" className={`pill-button ${styles.submit}`} disabled={busy}>
          {busy ? content.busy : content.submit}
        </button>
      </form>
      <div className={styles.divider}>
        <span>{t('hero.divider')}</span>
      </div>
      <a className={styles.google} href={`${getApiBase()}/auth/google/redirect`}>
        <GoogleMark />
        {content.googleButton}
      </a>
      <p className={styles.note}>
        <RichText text={content.note} />
      </p>
    </div>
  );
}

/** A plain "G" badge, as the sign-in modal shows: not Google's own logo. */
function GoogleMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#ffffff" />
      <text x="12" y="16.5" textAnchor="middle" fontSize="13" fontWeight="800" fontFamily="system-ui, sans-serif" fill="#4285f4">
        G
      </text>
    </svg>
  );
}
