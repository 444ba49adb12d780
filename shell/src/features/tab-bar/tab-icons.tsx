import { LineIcon } from '../../components/line-icon';
import type { TabId } from './active-tab';

/** One outline glyph per tab, on a 24-unit grid. */
const GLYPHS: Record<TabId, string> = {
  earn: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM14.5 9.2c-.5-.8-1.5-1.2-2.5-1.2-1.4 0-2.5.8-2.5 2s1.1 1.6 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.4-2.5-1.2M12 6.5V8M12 16v1.5',
  offers: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  cashout: 'M3 7h18v12H3zM3 11h18M7 15h4M16 3l2 4M8 3L6 7',
  'my-offers': 'M9 5h11M9 12h11M9 19h11M4 5l1 1 2-2M4 12l1 1 2-2M4 19l1 1 2-2',
  rewards: 'M4 10h16v10H4zM2.5 7h19v3h-19zM12 7v13M12 7C10 3 6.5 3.5 7 5.5S12 7 12 7zM12 7c2-4 5.5-3.5 5-1.5S12 7 12 7z',
};

type Props = { tab: TabId; className?: string };

export function TabIcon({ tab, className }: Props) {
  return <LineIcon className={className} size={24} d={GLYPHS[tab]} />;
}
