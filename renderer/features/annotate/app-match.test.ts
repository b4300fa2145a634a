import { describe, expect, it } from 'vitest';
import type { AppChoice } from '../../../shared/contract/annotation';
import { installItem, matchApps } from './app-match';

const apps: AppChoice[] = [
  { name: 'org.example.notes', package: 'org.example.notes', source: 'trace' },
  { name: 'Booking.com', package: 'com.booking', source: 'table' },
  { name: 'ebay', package: 'com.ebay.mobile', source: 'table' },
  { name: 'YouTube Kids', package: 'com.google.android.apps.youtube.kids', source: 'table' },
  { name: 'youtube', package: 'com.google.android.youtube', source: 'table' },
];

describe('the app picker', () => {
  it('matches every term in the name or the package, names starting with the query first', () => {
    expect(matchApps(apps, 'YOUTUBE').map((a) => a.name)).toEqual(['YouTube Kids', 'youtube']);
    expect(matchApps(apps, 'kids youtube').map((a) => a.name)).toEqual(['YouTube Kids']);
    expect(matchApps(apps, 'com.booking').map((a) => a.name)).toEqual(['Booking.com']);
    expect(matchApps(apps, 'tube').map((a) => a.name)).toEqual(['YouTube Kids', 'youtube']);
    expect(matchApps(apps, 'zzz')).toEqual([]);
  });

  it('lists the recording\'s apps first when nothing is typed, and at most `limit`', () => {
    expect(matchApps(apps, '')[0].source).toBe('trace');
    expect(matchApps(apps, '', 2)).toHaveLength(2);
  });

  it('spells the install checks as the format does', () => {
    expect(installItem(apps[1], true)).toBe('check_install<Booking.com>');
    expect(installItem(apps[2], false)).toBe('check_uninstall<ebay>');
    expect(installItem({ name: 'a|b', package: 'a.b', source: 'table' }, true)).toBeNull();
  });
});
