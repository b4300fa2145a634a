import type { ExecStepInput, ItemVerdict, MatchServices, TraceInput } from './types';
import { normaliseText } from './normalise';
import { LEGACY_APP_PACKAGES } from './legacy';

/** `type<text>`: the action on this step typed exactly `text` (spaces, commas and case kept). */
export function matchType(raw: string, text: string, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind: 'type' };
  const a = exec.action;
  // LEGACY: a step without an action file has action None upstream, and reading its type raised.
  if (svc.mode === 'legacy' && a.kind === 'none') return { ...base, status: 'error', sentence: `Step ${exec.index} has no readable action file (upstream raised here).`, evidence: { expected: text } };
  if (a.kind !== 'type') return { ...base, status: 'fail', sentence: `The action on step ${exec.index} is ${a.kind}, not typing.`, evidence: { expected: text, actual: a.kind } };
  // LEGACY: upstream's trace loader keeps only the first character of typed text, so multi-character
  // `type<...>` items never match.
  const typed = svc.mode === 'legacy' ? a.text.slice(0, 1) : a.text;
  const ok = typed === text;
  return { ...base, status: ok ? 'pass' : 'fail', sentence: ok ? `Typed "${typed}" as required.` : `Typed "${typed}", expected "${text}".`, evidence: { expected: text, actual: typed } };
}

/** Resolves an app name (via the editable table) or accepts a package name as is. */
export function resolvePackage(app: string, table: Record<string, string>): string | undefined {
  const hit = table[app.trim().toLowerCase()];
  if (hit) return hit;
  return /^[A-Za-z][\w]*(\.[\w]+)+$/.test(app.trim()) ? app.trim() : undefined;
}

/** `check_install` / `check_uninstall`: against the packages recorded with the trace. */
export function matchInstalled(kind: 'installed' | 'uninstalled', raw: string, app: string, trace: TraceInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind };
  // LEGACY: upstream's own table, exact key lookup (an unknown name raised KeyError: an error here).
  const pkg = svc.mode === 'legacy' ? LEGACY_APP_PACKAGES[app] : resolvePackage(app, svc.appPackages);
  if (!pkg) return { ...base, status: 'error', sentence: `Unknown app name "${app}"; add it to resources/app-packages.json or annotate the package name.`, evidence: { expected: app } };
  if (!trace.installedApps) return { ...base, status: 'fail', sentence: `The trace recorded no installed-apps list${trace.installedAppsFile ? ` (${trace.installedAppsFile})` : ''}.`, evidence: { expected: pkg, files: trace.installedAppsFile ? [trace.installedAppsFile] : undefined } };
  const present = trace.installedApps.some((p) => p.trim().toLowerCase() === pkg.toLowerCase());
  const ok = kind === 'installed' ? present : !present;
  return { ...base, status: ok ? 'pass' : 'fail', sentence: `${pkg} is ${present ? '' : 'not '}installed${ok ? ', as required' : ''}.`, evidence: { expected: pkg, actual: present ? 'installed' : 'not installed' } };
}

/** `ocr<text>` (Touchstone's): the execution screenshot shows `text`, found by OCR. */
export function matchOcr(raw: string, text: string, exec: ExecStepInput): ItemVerdict {
  const base = { item: raw, kind: 'ocr' };
  if (!exec.ocr) return { ...base, status: 'fail', sentence: exec.ocrProblem ?? `No OCR result for step ${exec.index}.`, evidence: { expected: text } };
  const want = normaliseText(text);
  const line = exec.ocr.find((l) => normaliseText(l.text).includes(want));
  const joined = normaliseText(exec.ocr.map((l) => l.text).join(' '));
  const ok = Boolean(line) || joined.includes(want);
  return {
    ...base, status: ok ? 'pass' : 'fail',
    sentence: ok ? `OCR found "${text}"${line ? ` in "${line.text}"` : ''}.` : `OCR did not find "${text}" among ${exec.ocr.length} lines.`,
    evidence: { expected: text, actual: line?.text },
  };
}
