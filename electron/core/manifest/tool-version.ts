import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRealText } from '../../platform/confined-read';

let cached: string | undefined;

/** Touchstone's version: the `version` of the nearest package.json above this module (source tree or bundle); '0.0.0' when none is found. */
export function toolVersion(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const text = readRealText(join(dir, 'package.json'));
    if (text === undefined) continue;
    try {
      const version = (JSON.parse(text) as { version?: string }).version;
      if (version) return (cached = version);
    } catch {
      break;
    }
  }
  return (cached = '0.0.0');
}
