import type { AlertType } from '@rewards/shared/store/ui-slice';
import { LineIcon } from '../../components/line-icon';

/** One glyph per alert type, drawn on a 24-unit grid with round strokes. */
const GLYPHS: Record<AlertType, string> = {
  blocked: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
  pending: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2',
  success: 'M5 12.5l4.5 4.5L19 7.5',
  warning: 'M12 3.5L2.5 20h19zM12 10v4.5M12 17.2v.1',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5v.1',
};

type Props = { type: AlertType; className?: string };

export function AlertIcon({ type, className }: Props) {
  return <LineIcon className={className} d={GLYPHS[type]} />;
}
