import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { getApiBase } from '@rewards/shared/api/api-base';
import { PATHS } from '@rewards/shared/paths';
import { useNavigate } from '@rewards/shared/router';
import { readReferral } from '@rewards/shared/rules/referral';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
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

/** Spec §8's message for a network failure: what the sign-up says when its own code cannot load either. */
const NETWORK_PROBLEM = 'Network connection problem';

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
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    let outcome: Awaited<ReturnType<HeroSubmit['submitHeroSignUp']>>;
    try {
      const { submitHeroSignUp } = await loadHeroSubmit();
      outcome = await submitHeroSignUp(dispatch, { email, password, referralCode: storedReferral() });
    } catch {
      outcome = { ok: false, message: NETWORK_PROBLEM };
    }
    if (!outcome.ok) {
      setBusy(false);
      setMessage(outcome.message);
      return;
    }
    const signedIn = await dispatch(refreshSession()).unwrap();
    navigate(signedIn ? PATHS.earn : PATHS.profile);
  }

  return (
    <div className={styles.card}>
      <form className={styles.form} onSubmit={submit} aria-label="Sign up with email">
        <HeroField
          id={`${id}-email`}
          label={content.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
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
              placeholder="At least 8 characters"
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
        <span>or</span>
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
