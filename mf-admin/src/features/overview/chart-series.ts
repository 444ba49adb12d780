import type { HourlyMoney } from '@rewards/shared/contracts/admin-types';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import type { Locale } from '@rewards/shared/i18n/locales';
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

const DAY_SECONDS = 86_400;
const utcDay = (seconds: number) => Math.floor(seconds / DAY_SECONDS);

/**
 * The time axis's labels in the page's language (UTC, as the hours are): hours (`14:00`, `2 PM`), the day's
 * date above the first hour of each day; dates alone when the ticks are a day or more apart.
 */
export function timeAxisLabels(ticks: readonly number[], increment: number, locale: Locale = getDisplayLocale()): string[] {
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const hour = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
  return ticks.map((tick, index) => {
    const date = new Date(tick * 1000);
    if (increment >= DAY_SECONDS) return day.format(date);
    const firstOfDay = index === 0 || utcDay(ticks[index - 1]!) !== utcDay(tick);
    return firstOfDay ? `${hour.format(date)}\n${day.format(date)}` : hour.format(date);
  });
}

/** One hour as the legend shows it while pointing at it: `Mar 5, 2025, 14:00` in the page's language (UTC). */
export function hourLabel(seconds: number, locale: Locale = getDisplayLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(seconds * 1000));
}
