import type { AppChoice } from '../../../shared/contract/annotation';
import { essItemFromText } from '../../../shared/formats/ess';

/**
 * The apps matching what was typed in the picker: every whitespace-separated
 * term must occur in the name or the package (case-insensitive). Names that
 * start with the query come first, then the recording's apps, then the rest,
 * each in list order; at most `limit`.
 */
export function matchApps(apps: readonly AppChoice[], query: string, limit = 50): AppChoice[] {
  const q = query.trim().toLowerCase();
  const terms = q.split(/\s+/).filter(Boolean);
  const hits = apps.map((a, i) => ({ a, i, hay: `${a.name} ${a.package}`.toLowerCase() })).filter((x) => terms.every((t) => x.hay.includes(t)));
  const rank = (x: (typeof hits)[number]) => (q && x.a.name.toLowerCase().startsWith(q) ? 0 : 2) + (x.a.source === 'trace' ? 0 : 1);
  return hits.sort((x, y) => rank(x) - rank(y) || x.i - y.i).slice(0, limit).map((x) => x.a);
}

/** The install check for an app: `check_install<name>` (or uninstall), null when the name cannot be spelled in an .ess line. */
export function installItem(app: AppChoice, installed: boolean): string | null {
  return essItemFromText(installed ? 'installed' : 'uninstalled', app.name);
}
