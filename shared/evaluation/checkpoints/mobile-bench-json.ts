import type { Parsed, Problem } from '../../model';
import type { CheckpointCategory, CheckpointExpr, CheckpointSet, CheckpointTask, UnsupportedCheckpoint } from './types';

/** Key spellings per category: the paper's (`Package`, `Key phrase`, `API`) and the released data's (`package`, `text`/`txt`, `api`). */
const CATEGORY_KEYS: Record<CheckpointCategory, string[]> = {
  package: ['package', 'packages'],
  phrase: ['key phrase', 'key phrases', 'keyphrase', 'key_phrase', 'text', 'txt', 'phrase', 'phrases'],
  api: ['api', 'apis'],
};
const PAPER_KEYS: Record<CheckpointCategory, string> = { package: 'Package', phrase: 'Key phrase', api: 'API' };
const TOP_KEYS = { id: ['id'], query: ['query'], apps: ['app list', 'app', 'apps', 'app_list'], checkpoints: ['checkpoints', 'check_point', 'checkpoint', 'check_points'] };

/**
 * Keys of the released test cases (XiaoMi/MobileBench data/*.json) that are read but not scored,
 * with why; each is reported per test case (CheckpointResult.problems). Any other unknown key gets
 * the default reason.
 */
export const UNSUPPORTED_KEYS: Readonly<Record<string, string>> = {
  activity: 'foreground activities are not one of the paper\'s CheckPoint categories (Package, Key phrase, API); essential states check them',
  'resource-id': 'an element\'s resource id is not one of the paper\'s CheckPoint categories',
  resource_id: 'an element\'s resource id is not one of the paper\'s CheckPoint categories',
  resourceid: 'an element\'s resource id is not one of the paper\'s CheckPoint categories',
  to_speak: 'the voice assistant\'s spoken reply is not recorded in a trace',
  teardown: 'it is a clean-up step after the task (kill an app, undo a setting), not a checkpoint',
  or: 'the released data does not document this flag, and the released scorer ignores it',
  nd: 'the released data does not document this key, and the released scorer ignores it',
  status: 'the state of an element (checked ...) is not in the action history',
  index: 'the released data does not document this key, and the released scorer ignores it',
  toast: 'toast messages are not recorded in a trace',
  ocr: 'text read from the screenshot is not in the action history',
  image: 'the released data does not document image checks, and the released scorer ignores them',
};
const UNKNOWN_KEY = 'it is not a CheckPoint category (Package, Key phrase, API)';

/** A value with nothing to check: "", [], [""], {}. */
const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.every(isEmptyValue)) || (typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length);

const norm = (k: string): string => k.trim().toLowerCase();
const pick = (o: Record<string, unknown>, keys: string[]): [string, unknown] | undefined => {
  const k = Object.keys(o).find((x) => keys.includes(norm(x)));
  return k === undefined ? undefined : [k, o[k]];
};

interface Ctx { file: string; where: string; problems: Problem[] }

function problem(c: Ctx, severity: Problem['severity'], message: string, hint?: string): void {
  c.problems.push({ severity, file: c.file, message: `${c.where}: ${message}`, hint });
}

/**
 * One list member: a string is a checkpoint; a list starting with "&" or "|" is a conjunctive or
 * disjunctive group; any other list is a sequential group `[...]`. Empty strings are dropped.
 */
function parseExpr(v: unknown, c: Ctx, path: string, cat: CheckpointCategory): CheckpointExpr | undefined {
  // The released data writes some API checkpoints as the API list's entry: {"ADB Command": ..., "Function Description": ...}.
  if (cat === 'api' && v && typeof v === 'object' && !Array.isArray(v)) {
    const cmd = Object.entries(v).find(([k]) => norm(k) === 'adb command')?.[1];
    if (typeof cmd === 'string') return parseExpr(cmd, c, path, cat);
  }
  if (typeof v === 'string' || typeof v === 'number') {
    const s = String(v).trim();
    if (!s) { problem(c, 'warning', `${path} is an empty string; ignored.`); return undefined; }
    // "好的|没问题": alternatives in one string, as the released data writes them (not in API
    // commands, where | is a shell pipe).
    if (cat !== 'api' && s.includes('|') && s !== '|') {
      const alts = s.split('|').map((x) => x.trim()).filter(Boolean);
      if (alts.length > 1) return { kind: 'any', of: alts.map((value) => ({ kind: 'leaf', value })) };
    }
    return { kind: 'leaf', value: s };
  }
  if (Array.isArray(v)) {
    const op = v[0] === '&' || v[0] === '|' ? v[0] : undefined;
    const members = (op ? v.slice(1) : v).map((m, i) => parseExpr(m, c, `${path}[${i + (op ? 1 : 0)}]`, cat)).filter((m): m is CheckpointExpr => m !== undefined);
    if (!members.length) { problem(c, 'warning', `${path} is an empty group; ignored.`); return undefined; }
    if (members.length === 1) return members[0];
    return { kind: op === '&' ? 'all' : op === '|' ? 'any' : 'seq', of: members };
  }
  problem(c, 'error', `${path} must be a string or a list, found ${JSON.stringify(v)}.`, 'Write a checkpoint as "text", a group as ["&", ...], ["|", ...] or [...] (in order).');
  return undefined;
}

/**
 * A category's value: a string is one checkpoint; a list whose first member is "&" or "|" is one
 * group over the whole list (the released data's form); any other list holds one checkpoint per member.
 */
function parseCategory(v: unknown, c: Ctx, key: string, cat: CheckpointCategory): CheckpointExpr[] {
  if (isEmptyValue(v)) return [];
  if (Array.isArray(v) && (v[0] === '&' || v[0] === '|')) {
    const e = parseExpr(v, c, key, cat);
    return e ? [e] : [];
  }
  if (Array.isArray(v)) return v.map((m, i) => parseExpr(m, c, `${key}[${i}]`, cat)).filter((m): m is CheckpointExpr => m !== undefined);
  const e = parseExpr(v, c, key, cat);
  return e ? [e] : [];
}

function parseCheckpoints(v: unknown, c: Ctx): { set: CheckpointSet; unsupported: UnsupportedCheckpoint[] } {
  const set: CheckpointSet = { package: [], phrase: [], api: [] };
  const unsupported: UnsupportedCheckpoint[] = [];
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    problem(c, 'error', `CheckPoints must be an object with Package, Key phrase and API, found ${JSON.stringify(v)}.`, 'Write "CheckPoints": {"Package": [...], "Key phrase": [...], "API": [...]}.');
    return { set, unsupported };
  }
  const o = v as Record<string, unknown>;
  const known = new Set<string>();
  for (const cat of Object.keys(CATEGORY_KEYS) as CheckpointCategory[]) {
    // Every spelling present counts (`text` and its misspelling `txt` in one case add up).
    for (const k of Object.keys(o).filter((x) => CATEGORY_KEYS[cat].includes(norm(x)))) {
      known.add(k);
      set[cat].push(...parseCategory(o[k], c, `CheckPoints.${k}`, cat));
    }
  }
  for (const k of Object.keys(o).filter((x) => !known.has(x) && !isEmptyValue(o[x]))) {
    const why = UNSUPPORTED_KEYS[norm(k)] ?? UNKNOWN_KEY;
    unsupported.push({ key: k, value: o[k], why });
    problem(c, 'warning', `CheckPoints.${k} is not supported: ${why}; not scored.`);
  }
  return { set, unsupported };
}

function parseTask(v: unknown, index: number, file: string, problems: Problem[]): CheckpointTask | undefined {
  const c: Ctx = { file, where: `test case ${index}`, problems };
  if (!v || typeof v !== 'object' || Array.isArray(v)) { problem(c, 'error', 'must be an object with ID, Query, APP List and CheckPoints.'); return undefined; }
  let o = v as Record<string, unknown>;
  // The released data.json nests query and app under "case".
  const inner = o.case && typeof o.case === 'object' && !Array.isArray(o.case) ? (o.case as Record<string, unknown>) : undefined;
  if (inner) o = { ...inner, ...o };
  const id = pick(o, TOP_KEYS.id);
  if (!id || (typeof id[1] !== 'string' && typeof id[1] !== 'number') || String(id[1]).trim() === '') {
    problem(c, 'error', 'has no ID.', 'Give every test case an "ID" equal to the episode id it annotates.');
    return undefined;
  }
  c.where = `test case ${index} (ID ${id[1]})`;
  const query = pick(o, TOP_KEYS.query);
  const apps = pick(o, TOP_KEYS.apps);
  const cps = pick(o, TOP_KEYS.checkpoints);
  if (!cps) { problem(c, 'error', 'has no CheckPoints.', 'Add "CheckPoints": {"Package": [...], "Key phrase": [...], "API": [...]}.'); return undefined; }
  const appList = apps === undefined ? [] : (Array.isArray(apps[1]) ? apps[1] : [apps[1]]).filter((a) => typeof a === 'string' && a.trim()).map((a) => (a as string).trim());
  const used = new Set([id[0], query?.[0], apps?.[0], cps[0], ...(inner ? ['case'] : [])]);
  const extra = Object.fromEntries(Object.entries(o).filter(([k]) => !used.has(k) && !(inner && k in inner)));
  const parsed = parseCheckpoints(cps[1], c);
  const queryText = Array.isArray(query?.[1]) ? query[1].filter((q) => typeof q === 'string').join(' ') : query?.[1];
  const task: CheckpointTask = { id: String(id[1]).trim(), query: typeof queryText === 'string' ? queryText : '', apps: appList, checkpoints: parsed.set };
  if (parsed.unsupported.length) task.unsupported = parsed.unsupported;
  if (Object.keys(extra).length) task.extra = extra;
  return task;
}

/**
 * Reads Mobile-Bench test cases: a JSON list (or one object) in the paper's form
 * (`ID`, `Query`, `APP List`, `CheckPoints` with `Package`, `Key phrase`, `API`) or the released
 * data's (`id`, `query`, `app`, `check_point` with `package`, `text`, `api`; `//` comment lines
 * allowed). Bad test cases are reported with their index and ID and skipped; never throws.
 */
export function parseCheckpointTasks(text: string, file: string): Parsed<CheckpointTask[]> {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, '').replace(/^\s*\/\/.*$/gm, ''));
  } catch (err) {
    return { ok: false, problems: [{ severity: 'error', file, message: `Not valid JSON: ${(err as Error).message}.`, hint: 'Write a JSON list of test cases: [{"ID": ..., "Query": ..., "APP List": [...], "CheckPoints": {...}}].' }] };
  }
  const list = Array.isArray(data) ? data : [data];
  const problems: Problem[] = [];
  const tasks = list.map((v, i) => parseTask(v, i, file, problems)).filter((t): t is CheckpointTask => t !== undefined);
  const seen = new Set<string>();
  for (const t of tasks) {
    if (seen.has(t.id)) problems.push({ severity: 'warning', file, message: `ID ${t.id} appears more than once; the last test case is used.` });
    seen.add(t.id);
  }
  const errors = problems.filter((p) => p.severity === 'error');
  if (!tasks.length && errors.length) return { ok: false, problems };
  return { ok: true, value: tasks, warnings: problems };
}

/** JSON form of one expression (inverse of parseExpr). */
export function exprToJson(e: CheckpointExpr): unknown {
  switch (e.kind) {
    case 'leaf': return e.value;
    case 'seq': return e.of.map(exprToJson);
    case 'all': return ['&', ...e.of.map(exprToJson)];
    case 'any': return ['|', ...e.of.map(exprToJson)];
  }
}

/** One test case as the paper writes it; numeric-looking IDs stay strings. */
export function taskToJson(t: CheckpointTask): Record<string, unknown> {
  const cps: Record<string, unknown> = Object.fromEntries((Object.keys(PAPER_KEYS) as CheckpointCategory[]).map((cat) => [PAPER_KEYS[cat], t.checkpoints[cat].map(exprToJson)]));
  // Keys read but not scored are written back as they were.
  for (const u of t.unsupported ?? []) cps[u.key] = u.value;
  return { ID: t.id, Query: t.query, 'APP List': t.apps, CheckPoints: cps, ...(t.extra ?? {}) };
}

/** Writes test cases in the paper's JSON form (2-space indent, trailing newline). */
export function formatCheckpointTasks(tasks: readonly CheckpointTask[]): string {
  return JSON.stringify(tasks.map(taskToJson), null, 2) + '\n';
}
