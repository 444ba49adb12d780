import { act } from '@testing-library/react';
import { switchLocale } from '@rewards/shared/translate/messages';
import { formatDate } from './format-date';
import { formatDecimal } from './format-number';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';

afterEach(async () => {
  await act(() => switchLocale('en'));
});

describe('dates and numbers in the page’s language', () => {
  it('follows the language the page switches to', async () => {
    expect(getDisplayLocale()).toBe('en');
    expect(formatDate('2026-12-04T10:00:00.000Z')).toBe('Dec 4, 2026');
    await act(() => switchLocale('de'));
    expect(getDisplayLocale()).toBe('de');
    expect(formatDate('2026-12-04T10:00:00.000Z')).toBe('04.12.2026');
    expect(formatDecimal(0.25, 2)).toBe('0,25');
    expect(formatDecimal(16.7)).toBe('16,7');
    await act(() => switchLocale('pt-BR'));
    expect(formatDate('2026-12-04T10:00:00.000Z')).toBe('4 de dez. de 2026');
  });

  it('formats the pseudo-language as English', async () => {
    await act(() => switchLocale('en-XA'));
    expect(getDisplayLocale()).toBe('en');
  });

  it('shows a text that is not a date as it came', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
  });
});
