import { readFileSync } from 'node:fs';
import type { ViewHierarchy } from '../../../shared/model';
import { formatProblem } from '../../../shared/model';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';

/** A hierarchy, or why there is none (naming the file). */
export type HierarchyRead = { ok: true; vh: ViewHierarchy; file: string } | { ok: false; problem: string; file: string };

/**
 * Reads and parses a hierarchy file: `.xml` as uiautomator, anything else (`.vh`, `.json`) as DroidBot.
 * `lazyAttrs`: DroidBot nodes build their raw `attrs` only when asked (the evaluator's hot path).
 */
export function readHierarchyFile(file: string, opts: { lazyAttrs?: boolean } = {}): HierarchyRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, file, problem: missing ? `Hierarchy file ${file} is missing.` : `Cannot read hierarchy file ${file}: ${(err as Error).message}.` };
  }
  const r = file.endsWith('.xml') ? parseUiautomatorXml(text, file) : parseDroidbotVh(text, file, { lazyAttrs: opts.lazyAttrs ?? false });
  if (!r.ok) return { ok: false, file, problem: `Hierarchy file ${file} is unreadable: ${r.problems.map(formatProblem).join('; ')}` };
  return { ok: true, vh: r.value, file };
}

/** First hierarchy among candidate files that parses; otherwise every candidate's problem, in order. */
export function readFirstHierarchy(files: readonly string[], opts: { lazyAttrs?: boolean } = {}): HierarchyRead {
  const failed: HierarchyRead[] = [];
  for (const f of files) {
    const r = readHierarchyFile(f, opts);
    if (r.ok) return r;
    failed.push(r);
  }
  if (!failed.length) return { ok: false, file: '', problem: 'No hierarchy file candidates.' };
  return { ok: false, file: failed[0]!.file, problem: failed.map((r) => (r.ok ? '' : r.problem)).join(' ') };
}
