import type { PAYOUT_LOGOS } from '@rewards/shared/content/content-schemas';
import type { Translate } from '@rewards/shared/translate/messages';
import { useT } from '../pages/messages';
import crypto from '../assets/payout/crypto.svg';
import letcoin from '../assets/payout/letcoin.svg';
import payeer from '../assets/payout/payeer.svg';
import paypal from '../assets/payout/paypal.svg';
import stake from '../assets/payout/stake.svg';
import visa from '../assets/payout/visa.svg';

export type PayoutLogoName = (typeof PAYOUT_LOGOS)[number];

// A brand's name as it is; the others in the page's language (`payout.visa`).
const LOGOS: Record<PayoutLogoName, { src: string; name: string; translated?: 'payout.visa' | 'payout.crypto' }> = {
  paypal: { src: paypal, name: 'PayPal' },
  visa: { src: visa, name: 'Visa gift card', translated: 'payout.visa' },
  stake: { src: stake, name: 'Stake' },
  letcoin: { src: letcoin, name: 'Letcoin' },
  payeer: { src: payeer, name: 'Payeer' },
  crypto: { src: crypto, name: 'Crypto', translated: 'payout.crypto' },
};

export function payoutMethodName(logo: PayoutLogoName, t: Translate<'payout.visa' | 'payout.crypto'>): string {
  const { name, translated } = LOGOS[logo];
  return translated ? t(translated) : name;
}

/** Our own drawing of a payout method (160×100), scaled to `width`. */
export function PayoutLogo({ logo, width = 96, className, decorative = false }: { logo: PayoutLogoName; width?: number; className?: string; decorative?: boolean }) {
  const t = useT();
  return (
    <img
      className={className}
      src={LOGOS[logo].src}
      alt={decorative ? '' : payoutMethodName(logo, t)}
      width={width}
      height={Math.round((width * 100) / 160)}
      loading="lazy"
      decoding="async"
    />
  );
}
