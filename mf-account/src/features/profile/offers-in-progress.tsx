import type { MyOffer } from '@rewards/shared/contracts/offer-types';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { formatCents } from '@rewards/shared/rules/money';
import { offerProgress } from '@rewards/shared/rules/offer-progress';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { ChartIcon } from '../../ui/icons';
import { EmptyState } from './empty-state';
import { completedStepNames, isInProgress, stepBadges } from './in-progress-steps';
import { useGetOffersInProgressQuery } from './profile-api';
import { useT } from '../../messages';
import styles from './profile.module.css';

/** Spec §9: the profile table shows 3 skeleton rows while loading. */
export const PROFILE_SKELETON_ROWS = 3;

const COLUMNS = [
  'profile.offers.column.offer',
  'profile.offers.column.progress',
  'profile.offers.column.steps',
  'profile.offers.column.reward',
  'profile.offers.column.action',
] as const;

/** The "Earnings in progress" tab: the user's unfinished offers with their progress (spec §2). */
export function OffersInProgress() {
  const t = useT();
  const { data, isLoading } = useGetOffersInProgressQuery();
  const offers = (data ?? []).filter(isInProgress);

  if (!isLoading && offers.length === 0) {
    return (
      <EmptyState
        icon={<ChartIcon />}
        title={t('profile.offers.empty.title')}
        text={t('profile.offers.empty.text')}
        action={{ label: t('profile.offers.empty.action'), to: PATHS.offers }}
      />
    );
  }

  return (
    <table className={styles.table} aria-busy={isLoading}>
      <caption className={visuallyHidden}>{t('profile.offers.caption')}</caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {isLoading
          ? Array.from({ length: PROFILE_SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} />)
          : offers.map((offer) => <OfferRow key={offer.id ?? offer.offer_id} offer={offer} />)}
      </tbody>
    </table>
  );
}

function OfferRow({ offer }: { offer: MyOffer }) {
  const t = useT();
  const progress = offerProgress(offer);
  const { badges, more } = stepBadges(completedStepNames(offer));
  return (
    <tr>
      <td data-label={t('profile.offers.column.offer')}>
        <span className={styles.offer}>
          {offer.image_url ? <img className={styles.offerImage} src={offer.image_url} alt="" width={40} height={40} /> : null}
          <span className={styles.offerName}>{offer.name}</span>
        </span>
      </td>
      <td data-label={t('profile.offers.column.progress')}>
        <span className={styles.progressCell}>
          <span
            className={styles.track}
            role="progressbar"
            aria-label={t('profile.offers.progressLabel', { offer: offer.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span className={styles.fill} style={{ width: `${progress}%` }} />
          </span>
          <span className={`${styles.percent} money`}>{t('profile.level.percent', { percent: progress })}</span>
        </span>
      </td>
      <td data-label={t('profile.offers.column.steps')}>
        {badges.length ? (
          <span className={styles.badges}>
            {badges.map((badge, index) => (
              <span key={`${badge}-${index}`} className={styles.badge}>
                {badge}
              </span>
            ))}
            {more > 0 ? <span className={`${styles.badge} ${styles.moreBadge}`}>+{more}</span> : null}
          </span>
        ) : (
          <span className={styles.muted}>{t('profile.offers.noSteps')}</span>
        )}
      </td>
      <td data-label={t('profile.offers.column.reward')} className={`${styles.reward} money`}>
        {formatCents(offer.payout_cents)}
      </td>
      <td data-label={t('profile.offers.column.action')}>
        <Link to={PATHS.myOffers} className={styles.continueLink}>
          {t('profile.offers.continue')}
        </Link>
      </td>
    </tr>
  );
}

function SkeletonRow() {
  const t = useT();
  return (
    <tr data-testid="skeleton-row" className={styles.skeletonRow} aria-hidden="true">
      {COLUMNS.map((column) => (
        <td key={column} data-label={t(column)}>
          <span className={styles.skeleton} />
        </td>
      ))}
    </tr>
  );
}
