import type { AppChoice } from '../../../shared/contract/annotation';
import { hasReserved } from '../../../shared/kinds/primitives';
import { NAMED_FILES, readTextIn } from '../../platform/confined-read';
import { INSTALLED_APPS_FILE as INSTALLED_APPS, parseInstalledApps } from '../datasets/execution-trace';
import { defaultAppPackagesFile } from '../evaluation/app-table';

/** Where a recording keeps its installed packages (the upstream trace layout). */
export { INSTALLED_APPS };

/**
 * The apps an install/uninstall check can name, for the picker: the packages
 * the recording lists as installed (named by the table when it knows them,
 * by package otherwise), then every other name of the app table. Several
 * names of one package in the table are all offered (annotations use both).
 */
export async function appChoices(root: string, rel: string, tableFile = defaultAppPackagesFile()): Promise<AppChoice[]> {
  let table: Record<string, unknown> = {};
  let tableText: string | undefined;
  try {
    tableText = NAMED_FILES.text(tableFile);
  } catch (err) {
    throw new Error(`The app table ${tableFile} cannot be read (${(err as Error).message}); restore it from the repository.`, { cause: err });
  }
  if (tableText !== undefined) {
    try {
      table = JSON.parse(tableText) as Record<string, unknown>;
    } catch (err) {
      throw new Error(`The app table ${tableFile} is not valid JSON (${(err as Error).message}); fix it or restore it from the repository.`, { cause: err });
    }
  }
  const named = Object.entries(table).filter((e): e is [string, string] => !e[0].startsWith('$') && typeof e[1] === 'string')
    .map(([name, pkg]) => ({ name: name.trim(), package: pkg.trim() }));
  const text = await readTextIn(root, rel, INSTALLED_APPS);
  const installed = text === undefined ? [] : parseInstalledApps(text);
  const out: AppChoice[] = [];
  const seen = new Set<string>();
  const add = (c: AppChoice) => {
    const key = `${c.name.toLowerCase()}|${c.package}`;
    if (!c.name || seen.has(key) || hasReserved(c.name)) return;
    seen.add(key);
    out.push(c);
  };
  for (const pkg of installed) add({ name: named.find((n) => n.package === pkg)?.name ?? pkg, package: pkg, source: 'trace' });
  for (const n of named.sort((a, b) => a.name.localeCompare(b.name))) add({ ...n, source: 'table' });
  return out;
}
