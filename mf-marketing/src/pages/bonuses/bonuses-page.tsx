import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import questMapUrl from './quest-map.svg';
import styles from './bonuses-page.module.css';

/** Spec §2: the Quests page is a heading and an image, nothing more. */
export default function BonusesPage() {
  return (
    <PageLayout title="Quests">
      <img
        className={styles.illustration}
        src={questMapUrl}
        alt="A quest map whose trail leads to an open treasure chest full of coins"
        width={720}
        height={440}
      />
    </PageLayout>
  );
}
