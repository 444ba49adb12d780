import { useId, type ChangeEvent } from 'react';
import { BRAND_NAME } from '@rewards/shared/brand';
import { Link } from '@rewards/shared/router';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { isSiteLocale, NATIVE_LANGUAGE_NAMES, type SiteLocale } from '@rewards/shared/i18n/locales';
import { chooseLanguage } from '@rewards/shared/translate/choose-language';
// The shell's own instances: the page's language (locale-store) and what the runtime config offers.
import { useLocale } from '@rewards/shared/translate/locale-store';
import { getOfferedLanguages } from '@rewards/shared/translate/offered-languages';
import { useT } from '../../messages';
import { footerContent } from '../../content/footer-content';
import { SocialIcon } from '../../ui/social-icons';
import styles from './site-footer.module.css';

/**
 * The site-wide footer (spec §2): language selector, social links, the help, company and legal pages.
 * mf-marketing exposes it (`./site-footer`); the shell mounts it below every page.
 */
export default function SiteFooter() {
  const t = useT();
  const languageId = useId();
  const footer = footerContent.useContent();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.logo}>
            <span className={styles.coin} aria-hidden="true">
              E
            </span>
            {BRAND_NAME}
          </Link>
          <p className={styles.tagline}>{footer.tagline}</p>
          <ul className={styles.social} aria-label={t('footer.social.label')}>
            {footer.social.map(({ network, href }) => (
              <li key={network}>
                <a className={styles.socialLink} href={href} target="_blank" rel="noopener noreferrer" aria-label={t('footer.social.link', { brand: BRAND_NAME, network })}>
                  <SocialIcon network={network} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.heading} className={styles.column} aria-label={column.heading}>
            <h2 className={styles.heading}>{column.heading}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p className={styles.legal}>
          © {new Date().getFullYear()} {BRAND_NAME}. {footer.legal}
        </p>
        <div className={styles.language}>
          <label htmlFor={languageId}>{t('footer.language.label')}</label>
          <LanguageSelect id={languageId} />
        </div>
      </div>
    </footer>
  );
}

/** Each language in its own name; choosing one shows the page in it at once, and remembers it (issue 34). */
function LanguageSelect({ id }: { id: string }) {
  const locale = useLocale();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const offered = getOfferedLanguages();
  // The page's language is always among the options, even one the runtime config does not offer.
  const languages: readonly SiteLocale[] = offered.includes(locale) ? offered : [...offered, locale];

  function choose(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = event.target.value;
    // A language whose messages cannot load (offline) leaves the page, and so the selector, as it was.
    if (isSiteLocale(chosen, { pseudo: true }) && languages.includes(chosen)) chooseLanguage(chosen, { signedIn }).catch(() => undefined);
  }

  return (
    <select id={id} className={styles.select} value={locale} onChange={choose}>
      {languages.map((language) => (
        <option key={language} value={language} lang={language}>
          {NATIVE_LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
