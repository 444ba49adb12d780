import { act, render, screen } from '@testing-library/react';
import { switchLocale } from '@rewards/shared/translate/messages';
import { RiskSignals } from './risk-signals';

afterEach(() => act(() => switchLocale('en')));

describe('risk signals in the page’s language', () => {
  it('writes the API’s dollar amounts as the page’s language writes money, and other values as they came', async () => {
    await act(() => switchLocale('de'));
    render(
      <RiskSignals
        signals={[
          { key: 'earnings_total', label: 'Total earnings', value: '$1234.50', warn: false },
          { key: 'reversed_30_days', label: 'Reversed, last 30 days', value: '$0.00', warn: false },
          { key: 'account_age_days', label: 'Account age (days)', value: 12, warn: false },
          { key: 'some_new_signal', label: 'A signal the console does not know', value: '$ not an amount', warn: false },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(items[0]).toContain('1.234,50 $');
    expect(items[1]).toContain('0,00 $');
    expect(items[2]).toContain('12');
    expect(items[3]).toContain('A signal the console does not know');
    expect(items[3]).toContain('$ not an amount');
  });
});
