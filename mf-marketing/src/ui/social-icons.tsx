import type { ReactNode } from 'react';
import type { SOCIAL_NETWORKS } from '@rewards/shared/content/content-schemas';
import { Svg, type IconProps } from './svg-icon';

// A module of its own: the footer (loaded on every page) carries these six and not the landing's icons.
const SOCIAL_PATHS: Record<(typeof SOCIAL_NETWORKS)[number], ReactNode> = {
  Twitter: <path d="M4 4l16 16M20 4 4 20" />,
  Facebook: <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />,
  Instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  Discord: (
    <>
      <path d="M7 17c-2 0-3.5-1-4-2 0-4 1-7.5 2.5-9.5C7 4.5 8.5 4 9.5 4l.5 1.5h4L14.5 4c1 0 2.5.5 4 1.5 1.5 2 2.5 5.5 2.5 9.5-.5 1-2 2-4 2l-1-1.8" />
      <path d="M8 15.2c2.5 1.2 5.5 1.2 8 0" />
      <circle cx="9" cy="11.5" r="1.2" />
      <circle cx="15" cy="11.5" r="1.2" />
    </>
  ),
  YouTube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  TikTok: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 4.5" />,
};

export function SocialIcon({ network, ...rest }: IconProps & { network: (typeof SOCIAL_NETWORKS)[number] }) {
  return <Svg {...rest}>{SOCIAL_PATHS[network]}</Svg>;
}
