import { describe, expect, it } from 'vitest';
import { dateOrdinal, parseMonthDayYear } from './parse-python-date.ts';

// Expected values were checked against CPython 3.11's datetime.strptime(text, "%m/%d/%Y").
describe('parseMonthDayYear', () => {
  it.each([
    ['8/15/2023', [2023, 8, 15]],
    ['08/15/2023', [2023, 8, 15]],
    ['8/ 5/2023', [2023, 8, 5]],
    ['02/29/2024', [2024, 2, 29]],
    ['02/29/2000', [2000, 2, 29]],
    ['12/31/0001', [1, 12, 31]],
    ['08/15/\u0662\u0660\u0662\u0663', [2023, 8, 15]],
    ['08/1\u0665/2023', [2023, 8, 15]],
  ])('parses %j', (text, [year, month, day]) => {
    expect(parseMonthDayYear(text)).toEqual({ year, month, day });
  });

  it.each([
    '8/05/2023 ',
    '8/15/2023\n',
    '1/1/23',
    '08/15/20233',
    '02/29/2023',
    '02/29/1900',
    '09/31/2023',
    '13/01/2023',
    '12/31/0000',
    '0\uff18/15/2023',
    '2023-08-15',
  ])('rejects %j (ValueError)', (text) => {
    expect(parseMonthDayYear(text)).toBeUndefined();
  });

  it('orders dates chronologically', () => {
    const ordinal = (text: string) => dateOrdinal(parseMonthDayYear(text) ?? { year: 0, month: 0, day: 0 });
    expect(ordinal('12/31/2022')).toBeLessThan(ordinal('01/01/2023'));
    expect(ordinal('01/10/2023')).toBeLessThan(ordinal('01/12/2023'));
  });
});
