import { useMemo } from 'react';
import { Link } from '@rewards/shared/router';
import type { AdminOverview, HourlyMoney } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { useT } from '../../messages';
import { adminPath, sectionsFor } from '../../console/sections';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { QueryView } from '../../ui/query-view';
import { chartSummary } from './chart-series';
import { CreditsChart } from './credits-chart';
import { OVERVIEW_REFRESH_MS, useGetAdminOverviewQuery } from './overview-api';
import styles from './overview-page.module.css';

type Translate = ReturnType<typeof useT>;

function hourColumns(t: Translate): TableColumn<HourlyMoney>[] {
  return [
    { id: 'hour', header: t('admin.overview.hour'), rowHeader: true, cell: (hour) => formatTime(hour.hour) },
    { id: 'credits', header: t('admin.overview.credits'), numeric: true, cell: (hour) => `${formatDollars(hour.credits)} (${hour.credits_count})` },
    { id: 'reversals', header: t('admin.overview.reversals'), numeric: true, cell: (hour) => `${formatDollars(hour.reversals)} (${hour.reversals_count})` },
  ];
}

/** Where a shift starts: what waits for staff, and the money that moved in the last 24 hours. */
export default function OverviewPage() {
  const t = useT();
  const overview = useGetAdminOverviewQuery(undefined, { pollingInterval: OVERVIEW_REFRESH_MS });
  return (
    <ConsolePage title={t('admin.section.overview')} lead={t('admin.overview.lead')}>
      <QueryView label={t('admin.loading.overview')} isLoading={overview.isLoading} error={overview.error} onRetry={() => void overview.refetch()}>
        {overview.data ? <OverviewFigures overview={overview.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const t = useT();
  const columns = useMemo(() => hourColumns(t), [t]);
  const staff = useStaff();
  const opens = new Set(sectionsFor(staff.staff_role).map((section) => section.key));
  const { open_tickets: tickets } = overview;
  return (
    <>
      <ul className={styles.cards} aria-label={t('admin.overview.waiting')}>
        <Figure
          label={t('admin.overview.openTickets')}
          value={tickets.total}
          detail={t('admin.overview.ticketsDetail', { awaiting: tickets.awaiting, answered: tickets.answered })}
          to={opens.has('tickets') ? adminPath('tickets') : undefined} />
        <Figure label={t('admin.overview.cashoutsInReview')} value={overview.cashouts_in_review} to={opens.has('cashouts') ? adminPath('cashouts') : undefined} />
        <Figure label={t('admin.overview.failingPayouts')} value={overview.failing_payouts} warn={overview.failing_payouts > 0} to={opens.has('cashouts') ? `${adminPath('cashouts')}?view=payouts` : undefined} />
      </ul>
      <section className={styles.chartCard} aria-labelledby="credits-chart-title">
        <h2 id="credits-chart-title" className={styles.chartTitle}>
          {t('admin.overview.chartTitle')}
        </h2>
        <p className={styles.summary}>{chartSummary(overview.hourly, t)}</p>
        <CreditsChart hourly={overview.hourly} />
        <details className={styles.figures}>
          <summary>{t('admin.overview.byHour')}</summary>
          <DataTable caption={t('admin.overview.byHourCaption')} columns={columns} rows={overview.hourly} rowKey={(hour) => hour.hour} empty={t('admin.overview.noHour')} />
        </details>
      </section>
    </>
  );
}

type FigureProps = { label: string; value: number; detail?: string; warn?: boolean; to?: string };

function Figure({ label, value, detail, warn = false, to }: FigureProps) {
  const body = (
    <>
      <span className={styles.label}>{label}</span>
      <span className={warn ? `${styles.value} ${styles.warn}` : styles.value}>{value}</span>
      {detail ? <span className={styles.detail}>{detail}</span> : null}
    </>
  );
  return <li className={styles.card}>{to ? <Link to={to} className={styles.cardLink}>{body}</Link> : <div className={styles.cardLink}>{body}</div>}</li>;
}
