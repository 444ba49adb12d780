import type { ReactNode } from 'react';
import type { LANDING_ICONS, OFFER_ICONS } from '@rewards/shared/content/content-schemas';
import { Svg, type IconProps } from './svg-icon';

const LANDING_PATHS: Record<(typeof LANDING_ICONS)[number], ReactNode> = {
  games: (
    <>
      <rect x="2" y="7" width="20" height="11" rx="5" />
      <path d="M7 10v5M4.5 12.5h5M15 11.5h.01M18 13.5h.01" />
    </>
  ),
  surveys: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  apps: (
    <>
      <rect x="7" y="2" width="10" height="20" rx="2" />
      <path d="M11 18h2" />
    </>
  ),
  referrals: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.5 3.3-5.5 6.5-5.5s5.9 2 6.5 5.5M17 8v6M14 11h6" />
    </>
  ),
  fast: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  shield: (
    <>
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  support: (
    <>
      <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.5-2 2.5-5 2.5" />
    </>
  ),
  gift: (
    <>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13M12 8c-1.5-3-6-4-6-1.5S10 8 12 8c2 0 6 .5 6-1.5S13.5 5 12 8z" />
    </>
  ),
  choose: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </>
  ),
  play: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m10 8 6 4-6 4z" />
    </>
  ),
  cashout: (
    <>
      <rect x="2" y="6" width="20" height="13" rx="2" />
      <circle cx="12" cy="12.5" r="2.5" />
      <path d="M6 9.5h.01M18 15.5h.01" />
    </>
  ),
};

export function LandingIcon({ name, ...rest }: IconProps & { name: (typeof LANDING_ICONS)[number] }) {
  return <Svg {...rest}>{LANDING_PATHS[name]}</Svg>;
}

const OFFER_PATHS: Record<(typeof OFFER_ICONS)[number], ReactNode> = {
  game: LANDING_PATHS.games,
  survey: LANDING_PATHS.surveys,
  review: <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
};

export function OfferIcon({ name, ...rest }: IconProps & { name: (typeof OFFER_ICONS)[number] }) {
  return <Svg {...rest}>{OFFER_PATHS[name]}</Svg>;
}

export function ChevronIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  );
}

export function ArrowIcon({ direction, ...rest }: IconProps & { direction: 'left' | 'right' }) {
  return <Svg {...rest}>{direction === 'left' ? <path d="m15 18-6-6 6-6" /> : <path d="m9 18 6-6-6-6" />}</Svg>;
}

/** Five stars, `value` of them filled (halves rounded to the nearest star); the label says the value. */
export function StarRow({ value, size = 18, label }: { value: number; size?: number; label: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} style={{ display: 'inline-flex', gap: 2 }}>
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="m12 2.5 2.9 6 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6-4.9-4.6 6.6-.8z"
            fill={star <= filled ? 'var(--color-level)' : 'rgba(255,255,255,0.14)'}
          />
        </svg>
      ))}
    </span>
  );
}
