import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { useT } from '../messages';
import questMapUrl from './quest-map.svg';
import styles from './bonuses-page.module.css';

/** Spec §2: the Quests page is a heading and an image, nothing more. */
export default function BonusesPage() {
  const t = useT();
  return (
    <PageLayout title={t('bonuses.title')}>
      <img
        className={styles.illustration}
        src={questMapUrl}
        alt={t('bonuses.map.alt')}
        width={720}
        height={440}
      />
    </PageLayout>
  );
}
