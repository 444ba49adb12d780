import { BRAND_NAME } from '@rewards/shared/brand';
import { REFERRAL_SHARE } from '@rewards/shared/constants';

/** "5%": the referral share of spec §9, as the copy shows it. */
export const REFERRAL_PERCENT = `${Math.round(REFERRAL_SHARE * 100)}%`;

export const INVITE_MESSAGE = `Join me on ${BRAND_NAME} and get paid to play games, test apps and answer surveys!`;

/** The user's referral link: the site's `/ref/{code}` address, which the shell remembers for sign-up. */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin}/ref/${encodeURIComponent(referralCode)}`;
}

export type ShareTarget = { name: 'WhatsApp' | 'Facebook' | 'Telegram'; href: string };

/** Share addresses of spec §2 for a link and a message. */
export function shareTargets(link: string, message: string = INVITE_MESSAGE): ShareTarget[] {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(message);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${message} ${link}`)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${url}&text=${text}` },
  ];
}
