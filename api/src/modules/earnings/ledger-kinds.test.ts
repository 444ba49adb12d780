import { EARNING_KINDS } from '@rewards/shared/contracts/earnings-types';
import { LEDGER_KINDS } from '../../db/schema';
import { HISTORY_OF_LEDGER_KIND, historyRuleOf, SHOWN_LEDGER_KINDS } from './ledger-kinds';

describe('how each ledger kind shows in the earnings history', () => {
  it.each(LEDGER_KINDS.map((kind) => [kind]))('%s is shown as a kind of the history, or hidden with a reason', (kind) => {
    const rule = historyRuleOf(kind);
    expect(rule).toBeDefined();
    if (rule!.show === false) expect(rule!.why.length).toBeGreaterThan(10);
    else expect(EARNING_KINDS).toContain(rule!.show);
  });

  it('hides only hold_release (a credit changing status), and shows the kinds the tickets work adds', () => {
    expect(Object.keys(HISTORY_OF_LEDGER_KIND).filter((kind) => !SHOWN_LEDGER_KINDS.includes(kind as never))).toEqual(['hold_release']);
    expect(historyRuleOf('ticket_credit')).toMatchObject({ show: 'ticket_credit', reversedBy: 'ticket_reversal' });
    expect(historyRuleOf('ticket_reversal')).toMatchObject({ show: 'reversal', reverses: 'ticket_credit' });
  });

  it('shows every kind of the history from some ledger kind', () => {
    const shown = new Set(Object.values(HISTORY_OF_LEDGER_KIND).flatMap((rule) => (rule.show === false ? [] : [rule.show])));
    expect([...shown].sort()).toEqual([...EARNING_KINDS].sort());
  });

  it('pairs every credit with its reversal both ways', () => {
    for (const [kind, rule] of Object.entries(HISTORY_OF_LEDGER_KIND)) {
      if (rule.show === false) continue;
      if (rule.reversedBy) expect(historyRuleOf(rule.reversedBy)).toMatchObject({ show: 'reversal', reverses: kind });
      if (rule.reverses) expect(historyRuleOf(rule.reverses)).toMatchObject({ reversedBy: kind });
    }
  });

  it('knows no kind it was not told of, Object keys included', () => {
    expect(historyRuleOf('toString')).toBeUndefined();
    expect(historyRuleOf('__proto__')).toBeUndefined();
    expect(historyRuleOf('bonus')).toBeUndefined();
  });
});
