import { useId } from 'react';
import { BRAND_NAME } from '@rewards/shared/brand';
import { Link } from '@rewards/shared/router';
import { footerContent } from '../../content/footer-content';
import { SocialIcon } from '../../ui/icons';
import styles from './site-footer.module.css';

/**
 * The site-wide footer (spec §2): language selector, social links, the help, company and legal pages.
 * mf-marketing exposes it (`./site-footer`); the shell mounts it below every page.
 */
export default function SiteFooter() {
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
          <ul className={styles.social} aria-label="Follow us">
            {footer.social.map(({ network, href }) => (
              <li key={network}>
                <a className={styles.socialLink} href={href} target="_blank" rel="noopener noreferrer" aria-label={`${BRAND_NAME} on ${network}`}>
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
          <label htmlFor={languageId}>Language</label>
          <select id={languageId} className={styles.select} defaultValue={footer.languages[0]}>
            {footer.languages.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </div>
      </div>
    </footer>
  );
}
