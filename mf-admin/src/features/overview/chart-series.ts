import type { HourlyMoney } from '@rewards/shared/contracts/admin-types';
import { formatDollars } from '@rewards/shared/rules/money';
import type { t as translate } from '../../messages';

/** uPlot's data: the hours (Unix seconds) and, per hour, credits and reversals in dollars (from coins: exact). */
export function chartSeries(hourly: readonly HourlyMoney[]): [number[], number[], number[]] {
  return [
    hourly.map((hour) => Math.floor(Date.parse(hour.hour) / 1000)),
    hourly.map((hour) => hour.credits_coins / 1000),
    hourly.map((hour) => hour.reversals_coins / 1000),
  ];
}

/** The chart in one sentence, for screen readers (the table beside it has every hour), in the page's language. */
export function chartSummary(hourly: readonly HourlyMoney[], t: typeof translate): string {
  const credits = hourly.reduce((sum, hour) => sum + hour.credits_coins, 0);
  const reversals = hourly.reduce((sum, hour) => sum + hour.reversals_coins, 0);
  const creditCount = hourly.reduce((sum, hour) => sum + hour.credits_count, 0);
  const reversalCount = hourly.reduce((sum, hour) => sum + hour.reversals_count, 0);
  return t('admin.overview.chartSummary', {
    credits: creditCount,
    creditAmount: formatDollars(credits / 1000),
    reversals: reversalCount,
    reversalAmount: formatDollars(reversals / 1000),
  });
}
