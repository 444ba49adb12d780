import { useState } from 'react';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../pages/messages';
import { RichText } from '../../ui/rich-text';
import { StartEarningButton } from '../../pages/landing/start-earning-button';
import section from '../../ui/section.module.css';
import styles from './community-video.module.css';

/**
 * The community video (spec §1): our own short animated clip, drawn in SVG and CSS, so nothing loads from
 * another host. It waits on its poster frame until played; Pause stops it; reduced motion shows the end frame.
 */
export function CommunityVideo({ content }: { content: LandingContent['video'] }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  return (
    <section className={section.band} aria-labelledby="video-title">
      <div className={`${section.inner} ${styles.layout}`}>
        <figure className={styles.figure}>
          <div className={playing ? `${styles.screen} ${styles.playing}` : styles.screen}>
            <ClipScene />
            <button
              type="button"
              className={playing ? styles.pause : styles.play}
              aria-label={playing ? t('video.pause') : t('video.play')}
              aria-pressed={playing}
              onClick={() => setPlaying((value) => !value)}
            >
              {playing ? (
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M7 4h4v16H7zM13 4h4v16h-4z" fill="currentColor" />
                </svg>
              ) : (
                <svg width="34" height="34" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
              )}
            </button>
          </div>
          <figcaption className={styles.caption}>{content.caption}</figcaption>
        </figure>
        <div className={styles.copy}>
          <h2 id="video-title" className={section.heading}>
            {content.heading}
          </h2>
          <p className={styles.text}>
            <RichText text={content.text} />
          </p>
          <StartEarningButton label={content.cta} />
        </div>
      </div>
    </section>
  );
}

/** Three scenes on a loop: sign up, play and earn, cash out; the balance climbs as coins rise. */
function ClipScene() {
  const t = useT();
  const [start, middle, end] = [0, 25.5, 38].map((dollars) => formatDollars(dollars));
  return (
    <svg className={styles.scene} viewBox="0 0 640 360" role="img" aria-label={t('video.animation.label', { amount: end! })}>
      <defs>
        <radialGradient id="clip-glow" cx="50%" cy="40%" r="60%">
          <stop offset="0" stopColor="#22e08a" stopOpacity="0.35" />
          <stop offset="1" stopColor="#0b1020" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="clip-phone" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d2852" />
          <stop offset="1" stopColor="#121a33" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill="#0b1020" />
      <rect width="640" height="360" fill="url(#clip-glow)" />
      <g className={styles.coins} fill="#ffb938">
        <circle cx="150" cy="300" r="12" />
        <circle cx="500" cy="320" r="9" />
        <circle cx="90" cy="340" r="7" />
        <circle cx="560" cy="290" r="13" />
        <circle cx="210" cy="350" r="8" />
      </g>
      <g transform="translate(250 40)">
        <rect width="140" height="280" rx="22" fill="url(#clip-phone)" stroke="#26325e" strokeWidth="3" />
        <rect x="50" y="12" width="40" height="6" rx="3" fill="#26325e" />
        <text x="70" y="52" textAnchor="middle" fill="#a9b3d6" fontSize="12" fontFamily="system-ui, sans-serif">
          {t('video.animation.balance')}
        </text>
        <g fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="26" textAnchor="middle">
          <text className={styles.balance0} x="70" y="84" fill="#f5f7ff">
            {start}
          </text>
          <text className={styles.balance1} x="70" y="84" fill="#22e08a">
            {middle}
          </text>
          <text className={styles.balance2} x="70" y="84" fill="#22e08a">
            {end}
          </text>
        </g>
        <g className={styles.scene1} fontFamily="system-ui, sans-serif" textAnchor="middle">
          <rect x="16" y="110" width="108" height="26" rx="8" fill="#0b1020" stroke="#26325e" />
          <text x="70" y="127" fill="#a9b3d6" fontSize="11">
            {t('video.animation.email')}
          </text>
          <rect x="16" y="146" width="108" height="30" rx="15" fill="#22e08a" />
          <text x="70" y="166" fill="#05260f" fontSize="12" fontWeight="800">
            {t('video.animation.signUp')}
          </text>
        </g>
        <g className={styles.scene2} fontFamily="system-ui, sans-serif">
          <rect x="16" y="108" width="108" height="78" rx="12" fill="#7c5cff" />
          <text x="70" y="140" textAnchor="middle" fill="#fff" fontSize="13" fontWeight="800">
            {t('video.animation.level')}
          </text>
          <rect x="30" y="156" width="80" height="8" rx="4" fill="rgba(255,255,255,0.3)" />
          <rect className={styles.progress} x="30" y="156" width="80" height="8" rx="4" fill="#fff" />
        </g>
        <g className={styles.scene3} fontFamily="system-ui, sans-serif" textAnchor="middle">
          <rect x="16" y="108" width="108" height="78" rx="12" fill="#172042" stroke="#22e08a" />
          <text x="70" y="138" fill="#22e08a" fontSize="13" fontWeight="800">
            {t('video.animation.cashoutSent')}
          </text>
          <text x="70" y="160" fill="#a9b3d6" fontSize="11">
            PayPal · {end}
          </text>
        </g>
        <rect x="16" y="206" width="108" height="52" rx="12" fill="#0b1020" />
        <text x="70" y="237" textAnchor="middle" fill="#ffb938" fontSize="12" fontWeight="700" fontFamily="system-ui, sans-serif">17m 12s</text>
      </g>
    </svg>
  );
}
