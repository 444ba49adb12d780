import type { PAYOUT_LOGOS } from '@rewards/shared/content/content-schemas';
import crypto from '../assets/payout/crypto.svg';
import letcoin from '../assets/payout/letcoin.svg';
import payeer from '../assets/payout/payeer.svg';
import paypal from '../assets/payout/paypal.svg';
import stake from '../assets/payout/stake.svg';
import visa from '../assets/payout/visa.svg';

export type PayoutLogoName = (typeof PAYOUT_LOGOS)[number];

const LOGOS: Record<PayoutLogoName, { src: string; name: string }> = {
  paypal: { src: paypal, name: 'PayPal' },
  visa: { src: visa, name: 'Visa gift card' },
  stake: { src: stake, name: 'Stake' },
  letcoin: { src: letcoin, name: 'Letcoin' },
  payeer: { src: payeer, name: 'Payeer' },
  crypto: { src: crypto, name: 'Crypto' },
};

export function payoutMethodName(logo: PayoutLogoName): string {
  return LOGOS[logo].name;
}

/** Our own drawing of a payout method (160×100), scaled to `width`. */
export function PayoutLogo({ logo, width = 96, className, decorative = false }: { logo: PayoutLogoName; width?: number; className?: string; decorative?: boolean }) {
  return (
    <img
      className={className}
      src={LOGOS[logo].src}
      alt={decorative ? '' : LOGOS[logo].name}
      width={width}
      height={Math.round((width * 100) / 160)}
      loading="lazy"
      decoding="async"
    />
  );
}
