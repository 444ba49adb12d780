import { Link } from '@rewards/shared/router';
import type { AdminOverview, HourlyMoney } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { adminPath, sectionsFor } from '../../console/sections';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { QueryView } from '../../ui/query-view';
import { chartSummary } from './chart-series';
import { CreditsChart } from './credits-chart';
import { OVERVIEW_REFRESH_MS, useGetAdminOverviewQuery } from './overview-api';
import styles from './overview-page.module.css';

const HOUR_COLUMNS: TableColumn<HourlyMoney>[] = [
  { id: 'hour', header: 'Hour', rowHeader: true, cell: (hour) => formatTime(hour.hour) },
  { id: 'credits', header: 'Credits', numeric: true, cell: (hour) => `${formatDollars(hour.credits)} (${hour.credits_count})` },
  { id: 'reversals', header: 'Reversals', numeric: true, cell: (hour) => `${formatDollars(hour.reversals)} (${hour.reversals_count})` },
];

/** Where a shift starts: what waits for staff, and the money that moved in the last 24 hours. */
export default function OverviewPage() {
  const overview = useGetAdminOverviewQuery(undefined, { pollingInterval: OVERVIEW_REFRESH_MS });
  return (
    <ConsolePage title="Overview" lead="What waits for staff, and the money that moved in the last 24 hours.">
      <QueryView label="the overview" isLoading={overview.isLoading} error={overview.error} onRetry={() => void overview.refetch()}>
        {overview.data ? <OverviewFigures overview={overview.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const staff = useStaff();
  const opens = new Set(sectionsFor(staff.staff_role).map((section) => section.key));
  const { open_tickets: tickets } = overview;
  return (
    <>
      <ul className={styles.cards} aria-label="Waiting for staff">
        <Figure label="Open tickets" value={tickets.total} detail={`${tickets.awaiting} awaiting an answer, ${tickets.answered} answered`} to={opens.has('tickets') ? adminPath('tickets') : undefined} />
        <Figure label="Cashouts waiting for review" value={overview.cashouts_in_review} to={opens.has('cashouts') ? adminPath('cashouts') : undefined} />
        <Figure label="Failing payouts" value={overview.failing_payouts} warn={overview.failing_payouts > 0} to={opens.has('cashouts') ? `${adminPath('cashouts')}?view=payouts` : undefined} />
      </ul>
      <section className={styles.chartCard} aria-labelledby="credits-chart-title">
        <h2 id="credits-chart-title" className={styles.chartTitle}>
          Credits and reversals, last 24 hours
        </h2>
        <p className={styles.summary}>{chartSummary(overview.hourly)}</p>
        <CreditsChart hourly={overview.hourly} />
        <details className={styles.figures}>
          <summary>Figures by hour</summary>
          <DataTable caption="Credits and reversals by hour (UTC)" columns={HOUR_COLUMNS} rows={overview.hourly} rowKey={(hour) => hour.hour} empty="No hour to show." />
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
