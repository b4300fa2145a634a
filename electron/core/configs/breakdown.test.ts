import { describe, expect, it } from 'vitest';
import { breakdown, breakdownMarkdown } from './breakdown';
import type { DeviceConfigRecord } from './config-types';

const rec = (name: string, factors: DeviceConfigRecord['factors']): DeviceConfigRecord => ({ name, factors, previous: {}, applied: {}, commands: [] });

describe('per-factor breakdown', () => {
  it('counts completed episodes per configuration and per factor value', () => {
    const a = rec('default', {});
    const b = rec('dark', { fontScale: 1.3, dark: true });
    const c = rec('de-tab', { locale: 'de-DE', device: 'tablet' });
    const b2 = breakdown([
      { config: a, outcome: 'finished', completed: true }, { config: a, outcome: 'finished', completed: true },
      { config: b, outcome: 'finished', completed: true }, { config: b, outcome: 'finished', completed: false },
      { config: c, outcome: 'finished', completed: false }, { config: c, outcome: 'error', restored: false },
    ]);
    expect(b2.configs.default).toMatchObject({ episodes: 2, evaluated: 2, completed: 2, rate: 1 });
    expect(b2.configs['de-tab']).toMatchObject({ episodes: 2, evaluated: 1, completed: 0, rate: 0 });
    expect(b2.factors.dark).toEqual({ unchanged: { episodes: 4, evaluated: 3, completed: 2, rate: 2 / 3 }, true: { episodes: 2, evaluated: 2, completed: 1, rate: 0.5 } });
    expect(b2.factors.size?.['1600x2560']).toMatchObject({ episodes: 2 });
    expect(b2.factors.density?.['320']).toMatchObject({ episodes: 2 });
    expect(b2.factors.wallpaper).toBeUndefined();
    expect(b2.notRestored).toBe(1);
    const md = breakdownMarkdown(b2);
    expect(md).toContain('| locale | de-DE | 2 | 1 | 0 | 0% |');
    expect(md).toContain('| fontScale | 1.3 | 2 | 2 | 1 | 50% |');
    expect(md).toContain('1 episode(s) left settings different');
  });
});
