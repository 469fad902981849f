import { describe, expect, it } from 'vitest';
import {
  amountFromText,
  dayFromText,
  termsFromMergeValues,
} from '../../src/server/services/terms/merge-field-terms';
import {
  addMonths,
  daysBetween,
  isCalendarDay,
  normalLeadDays,
  noticeDayOf,
  renewedEnd,
} from '../../src/shared/terms';

describe('term days', () => {
  it('counts months as agreements do, held at the end of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2027-12-15', 12)).toBe('2028-12-15');
    expect(noticeDayOf('2027-03-01', 1)).toBe('2027-02-28');
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
  });

  it('renews by whole periods up to today, bounded', () => {
    expect(renewedEnd('2025-06-30', 12, '2027-07-01')).toEqual({ endOn: '2028-06-30', periods: 3 });
    expect(renewedEnd('2027-07-01', 12, '2027-07-01')).toEqual({ endOn: '2027-07-01', periods: 0 });
    // A month's renewal of an agreement ended in 1900 stops after 1,200 periods, never loops on.
    expect(renewedEnd('1900-01-01', 1, '2027-01-01').periods).toBe(1200);
  });

  it('keeps lead times distinct, in bounds, largest first', () => {
    expect(normalLeadDays([7, 30, 7, -1, 400, 0, 2.5])).toEqual([30, 7, 0]);
  });
});

describe('terms from merge field values', () => {
  it('reads days as people write them, and not the ambiguous ones', () => {
    expect(dayFromText('2027-03-01')).toBe('2027-03-01');
    expect(dayFromText('1.3.2027')).toBe('2027-03-01');
    expect(dayFromText('1 March 2027')).toBe('2027-03-01');
    expect(dayFromText('March 1st, 2027')).toBe('2027-03-01');
    expect(dayFromText('1 Mar 2027')).toBe('2027-03-01');
    expect(dayFromText('01/03/2027')).toBeNull();
    expect(dayFromText('31 February 2027')).toBeNull();
    expect(dayFromText('soon')).toBeNull();
  });

  it('reads amounts in the usual notations, with their currency', () => {
    expect(amountFromText('12,000.50')).toEqual({ value: 12000.5, currency: null });
    expect(amountFromText('12 000,50 zł')).toEqual({ value: 12000.5, currency: 'PLN' });
    expect(amountFromText('€12.000')).toEqual({ value: 12000, currency: 'EUR' });
    expect(amountFromText('USD 1,200')).toEqual({ value: 1200, currency: 'USD' });
    expect(amountFromText('£ 99')).toEqual({ value: 99, currency: 'GBP' });
    expect(amountFromText('no amount')).toBeNull();
    expect(amountFromText('9'.repeat(40))).toBeNull();
  });

  it('fills only the terms whose value reads', () => {
    const sources = {
      counterpartyCompany: 'client',
      value: 'fee',
      endOn: 'end',
      counterpartyEmail: 'mail',
    } as const;
    const values = new Map([
      ['client', 'Müller GmbH'],
      ['fee', 'a lot'],
      ['end', '30.06.2028'],
      ['mail', 'not an address'],
    ]);
    expect(termsFromMergeValues(sources, values)).toEqual({
      counterpartyCompany: 'Müller GmbH',
      endOn: '2028-06-30',
      duration: 'until',
    });
  });
});
