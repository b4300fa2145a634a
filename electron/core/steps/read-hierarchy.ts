import type { ViewHierarchy } from '../../../shared/model';
import { formatProblem } from '../../../shared/model';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';
import type { ConfinedFiles } from '../../platform/confined-read';

/** A hierarchy, or why there is none (naming the file). */
export type HierarchyRead = { ok: true; vh: ViewHierarchy; file: string } | { ok: false; problem: string; file: string; unreadable?: string };

/**
 * Reads and parses a hierarchy file: `.xml` as uiautomator, anything else (`.vh`, `.json`) as DroidBot.
 * `lazyAttrs`: DroidBot nodes build their raw `attrs` only when asked (the evaluator's hot path).
 * Read through `files`, the trace's confined reader (links out of its roots, FIFOs, devices and
 * files over the size cap are problems naming the file).
 */
export function readHierarchyFile(file: string, files: ConfinedFiles, opts: { lazyAttrs?: boolean } = {}): HierarchyRead {
  let text: string | undefined;
  try {
    text = files.text(file);
  } catch (err) {
    return { ok: false, file, problem: (err as Error).message, unreadable: (err as Error).message };
  }
  if (text === undefined) return { ok: false, file, problem: `Hierarchy file ${file} is missing.` };
  const r = file.endsWith('.xml') ? parseUiautomatorXml(text, file) : parseDroidbotVh(text, file, { lazyAttrs: opts.lazyAttrs ?? false });
  if (!r.ok) return { ok: false, file, problem: `Hierarchy file ${file} is unreadable: ${r.problems.map(formatProblem).join('; ')}` };
  return { ok: true, vh: r.value, file };
}

/** First hierarchy among candidate files that parses; otherwise every candidate's problem, in order. */
export function readFirstHierarchy(candidates: readonly string[], files: ConfinedFiles, opts: { lazyAttrs?: boolean } = {}): HierarchyRead {
  const failed: HierarchyRead[] = [];
  for (const f of candidates) {
    const r = readHierarchyFile(f, files, opts);
    if (r.ok) return r;
    failed.push(r);
  }
  if (!failed.length) return { ok: false, file: '', problem: 'No hierarchy file candidates.' };
  const unreadable = failed.map((r) => (r.ok ? undefined : r.unreadable)).find((u) => u !== undefined);
  return { ok: false, file: failed[0]!.file, problem: failed.map((r) => (r.ok ? '' : r.problem)).join(' '), ...(unreadable ? { unreadable } : {}) };
}
