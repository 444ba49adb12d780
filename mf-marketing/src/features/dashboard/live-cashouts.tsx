import { useEffect, useState } from 'react';
import { formatDollars } from '@rewards/shared/rules/money';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { GeneratedAvatar } from '../../ui/generated-avatar';
import { PayoutLogo, payoutMethodName } from '../../ui/payout-logo';
import { LandingSection } from '../../ui/landing-section';
import { useT } from '../../pages/messages';
import { initialFeed, nextEventDelay, nextFeed, type Random } from './cashout-feed';
import styles from './live-cashouts.module.css';

type Props = { content: LandingContent['dashboard']; random?: Random };

const cents = (value: number) => formatDollars(value / 100);

/** Spec §4: the simulated live cashout dashboard. Display only: no call, no real person behind an entry. */
export function LiveCashouts({ content, random = Math.random }: Props) {
  const t = useT();
  const [feed, setFeed] = useState(() => initialFeed(content, random));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setFeed((state) => nextFeed(state, content, random));
        schedule();
      }, nextEventDelay(random));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [content, random]);

  return (
    <LandingSection titleId="live-cashouts-title" heading={content.heading} lead={content.lead} band>
      <div className={styles.board}>
        <dl className={styles.totals}>
          <div className={styles.total}>
            <dt>{t('cashouts.paidThisMonth')}</dt>
            <dd key={`total-${feed.transactions}`} className={`${styles.totalValue} ${feed.transactions > 0 ? styles.bump : ''}`} data-testid="monthly-total">
              {cents(feed.monthlyTotalCents)}
            </dd>
          </div>
          <div className={styles.total}>
            <dt>{t('cashouts.sinceArrival')}</dt>
            <dd key={`count-${feed.transactions}`} className={`${styles.totalValue} ${feed.transactions > 0 ? styles.bump : ''}`} data-testid="transaction-count">
              {feed.transactions}
            </dd>
          </div>
        </dl>
        <ol className={styles.list} aria-label={t('cashouts.latest')}>
          {feed.items.map((item) => (
            <li key={item.id} className={item.minutesAgo === 0 ? `${styles.row} ${styles.fresh}` : styles.row}>
              <GeneratedAvatar name={item.username} size={40} />
              <div className={styles.who}>
                <span className={styles.name}>{item.username}</span>
                <span className={styles.meta}>
                  <abbr className={styles.country} title={item.country}>
                    {item.countryCode}
                  </abbr>
                  <span className={styles.time}>{item.minutesAgo <= 0 ? t('cashouts.justNow') : t('cashouts.minutesAgo', { minutes: item.minutesAgo })}</span>
                </span>
              </div>
              <span className={styles.method}>
                <PayoutLogo logo={item.paymentMethod} width={48} decorative />
                <span className={styles.methodName}>{payoutMethodName(item.paymentMethod, t)}</span>
              </span>
              <span className={`${styles.amount} money`}>{cents(item.amountCents)}</span>
            </li>
          ))}
        </ol>
      </div>
    </LandingSection>
  );
}
