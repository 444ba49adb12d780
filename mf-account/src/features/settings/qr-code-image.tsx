import { useEffect, useState } from 'react';
import { qrCodePath } from './qr-code-path';
import { useT } from '../../messages';
import styles from './two-factor-flow.module.css';

// The white border scanners need around the code, in squares.
const QUIET_ZONE = 2;

type Props = { text: string; label: string; loadingLabel: string };
type Drawn = { text: string; size: number; path: string } | { text: string; failed: true };

/**
 * `text` as a QR code, drawn as inline SVG (nothing for the page's img-src to allow). The `qrcode` library
 * loads with the first code drawn, so no page pays for it before two-factor setup opens.
 */
export function QrCodeImage({ text, label, loadingLabel }: Props) {
  const t = useT();
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ create }) => {
        const { modules } = create(text, { errorCorrectionLevel: 'M' });
        if (current) setDrawn({ text, size: modules.size, path: qrCodePath(modules) });
      })
      .catch((error: unknown) => {
        console.error('The QR code could not be drawn', error);
        if (current) setDrawn({ text, failed: true });
      });
    return () => {
      current = false;
    };
  }, [text]);

  const shown = drawn?.text === text ? drawn : null;
  if (shown && 'failed' in shown) {
    return <p className={styles.qrFailed}>{t('twoFactor.app.qrFailed')}</p>;
  }
  if (!shown) return <div className={styles.qrPlaceholder} role="img" aria-label={loadingLabel} aria-busy="true" />;
  const side = shown.size + QUIET_ZONE * 2;
  return (
    <svg
      className={styles.qr}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#ffffff" />
      <path d={shown.path} fill="#000000" />
    </svg>
  );
}
