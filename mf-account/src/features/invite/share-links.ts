import { BRAND_NAME } from '@rewards/shared/brand';
import { REFERRAL_SHARE } from '@rewards/shared/constants';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { t } from '../../messages';

/** The referral share of spec §9 as the copy shows it, in the page's language: "5%" ("5 %" in German and French). */
export function referralPercent(): string {
  return new Intl.NumberFormat(getDisplayLocale(), { style: 'percent' }).format(REFERRAL_SHARE);
}

/** The words shared with the link, in the page's language. */
export function inviteMessage(): string {
  return t('invite.message', { brand: BRAND_NAME });
}

/** The user's referral link: the site's `/ref/{code}` address, which the shell remembers for sign-up. */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin}/ref/${encodeURIComponent(referralCode)}`;
}

export type ShareTarget = { name: 'WhatsApp' | 'Facebook' | 'Telegram'; href: string };

/** Share addresses of spec §2 for a link and a message. */
export function shareTargets(link: string, message: string = inviteMessage()): ShareTarget[] {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(message);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${message} ${link}`)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${url}&text=${text}` },
  ];
}
