import { readNamedText } from '../../platform/confined-read';
import path from 'node:path';
import { normaliseAppTable } from '../../../shared/evaluation/services';

/** The app's default name->package table (resources/app-packages.json beside the repo root or dist/). */
export function defaultAppPackagesFile(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const up = here.includes(`${path.sep}electron${path.sep}`) ? here.slice(0, here.lastIndexOf(`${path.sep}electron${path.sep}`)) : path.dirname(here);
  return path.join(up, 'resources', 'app-packages.json');
}

/**
 * The name->package table install checks resolve app names with (keys lower-cased). An unreadable
 * table is empty (only package names resolve then), said in `warnings` when given.
 */
export function readAppPackages(file = defaultAppPackagesFile(), warnings?: string[]): Record<string, string> {
  try {
    return normaliseAppTable(JSON.parse(readNamedText(file)) as Record<string, unknown>);
  } catch (err) {
    warnings?.push(`App table ${file} unreadable (${(err as Error).message}); only package names resolve in install checks.`);
    return {};
  }
}
