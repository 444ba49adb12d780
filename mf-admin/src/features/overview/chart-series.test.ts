import { hourLabel, timeAxisLabels } from './chart-series';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the credits chart’s time axis in the page’s language', () => {
  const ticks = [at('2025-03-05T22:00:00Z'), at('2025-03-05T23:00:00Z'), at('2025-03-06T00:00:00Z'), at('2025-03-06T01:00:00Z')];

  it('writes hours the way the language writes them, with the date above the first hour of each day (UTC)', () => {
    expect(timeAxisLabels(ticks, 3600, 'en')).toEqual(['10:00 PM\nMar 5', '11:00 PM', '12:00 AM\nMar 6', '1:00 AM']);
    expect(timeAxisLabels(ticks, 3600, 'de')).toEqual(['22:00\n5. März', '23:00', '00:00\n6. März', '01:00']);
  });

  it('writes dates alone when the ticks are a day or more apart', () => {
    expect(timeAxisLabels([at('2025-03-05T00:00:00Z'), at('2025-03-06T00:00:00Z')], 86_400, 'fr')).toEqual(['5 mars', '6 mars']);
  });

  it('names the hour pointed at in full', () => {
    expect(hourLabel(at('2025-03-05T14:00:00Z'), 'en')).toBe('Mar 5, 2025, 2:00 PM');
    expect(hourLabel(at('2025-03-05T14:00:00Z'), 'pt-BR')).toBe('5 de mar. de 2025, 14:00');
  });
});
