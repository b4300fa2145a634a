// Test-only helpers (imported by *.test.ts): locate the shared fixtures and build inputs from real files.
// Lives in shared/ because it is plain data plumbing; it imports no node modules itself.
import type { ViewHierarchy } from '../model';
import { parseUiautomatorXml } from '../formats/parse-uiautomator-xml';

/** Parses XML text or throws with the file's problems (tests want loud failures). */
export function mustParseXml(text: string, file: string): ViewHierarchy {
  const r = parseUiautomatorXml(text, file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value;
}
