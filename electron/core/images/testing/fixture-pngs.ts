import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** ../shared/fixtures beside the checkout (tests read it in place). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');

/** Every PNG under `dir` (six levels deep at most), in listing order; none when it is absent. */
export function fixturePngs(dir = FIXTURES, depth = 0): string[] {
  if (depth === 0 && !existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) { if (depth < 6) out.push(...fixturePngs(p, depth + 1)); } else if (e.endsWith('.png')) out.push(p);
  }
  return out;
}
