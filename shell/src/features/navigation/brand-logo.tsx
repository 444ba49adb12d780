import { Link } from '@rewards/shared/router';
import { BRAND_NAME } from '@rewards/shared/brand';
import { CoinMark } from '../../components/coin-mark';
import styles from './brand-logo.module.css';

type Props = { to: string; compactOnMobile?: boolean };

/** Coin and name; on a phone the signed-in bar keeps only the coin (the name stays for screen readers). */
export function BrandLogo({ to, compactOnMobile = false }: Props) {
  return (
    <Link to={to} className={styles.logo}>
      <CoinMark size={30} className={styles.coin} />
      <span className={compactOnMobile ? styles.compactName : styles.name}>{BRAND_NAME}</span>
    </Link>
  );
}
