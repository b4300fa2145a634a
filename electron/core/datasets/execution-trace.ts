import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { ExecAction, ExecutionTrace, Problem, TraceStep } from '../../../shared/model';
import { formatExecActionLine, parseExecAction } from '../../../shared/formats/exec-action';
import { parsePackageList } from '../../../shared/formats/dumpsys';
import { writeFileAtomic } from '../../platform/atomic-write';
import { listIn, readTextIn, resolveIn } from '../../platform/confined-read';

/** Sub-folders of `captured_data/` and the extension of their per-step files. */
const KINDS = { screenshot: 'png', xml: 'xml', view_hierarchy: 'json', activity: 'activity', action: 'action' } as const;
type Kind = keyof typeof KINDS;

/** Step files of one `captured_data/<kind>/` folder of the trace at `root`: index -> root-relative path. */
async function indicesIn(root: string, kind: Kind): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const sub = `captured_data/${kind}`;
  let names: string[] = [];
  try {
    names = (await listIn(root, sub)).map((e) => e.name);
  } catch {
    return out;
  }
  for (const n of names) {
    const m = new RegExp(`^(\\d+)\\.${KINDS[kind]}$`).exec(n);
    if (m) out.set(Number(m[1]), `${sub}/${n}`);
  }
  return out;
}

/** Installed packages from `installed_apps.txt` (`pm list packages` output or one name per line). */
export function parseInstalledApps(text: string): string[] {
  if (/^\s*package:/m.test(text)) return parsePackageList(text);
  return text.split('\n').map((l) => l.replace(/\r$/, '').trim()).filter(Boolean);
}

/**
 * Reads an execution trace in the upstream evaluator layout:
 * `captured_data/{screenshot,xml,view_hierarchy,activity,action}/i.*` plus
 * `installed_apps/installed_apps.txt`. Step file fields hold absolute paths;
 * `activity` holds the activity text. Missing or bad files become problems.
 */
export async function readExecutionTrace(dir: string): Promise<ExecutionTrace> {
  const abs = resolve(dir);
  const problems: Problem[] = [];
  const found = {} as Record<Kind, Map<number, string>>;
  for (const kind of Object.keys(KINDS) as Kind[]) found[kind] = await indicesIn(abs, kind);
  const all = new Set<number>();
  for (const m of Object.values(found)) for (const i of m.keys()) all.add(i);
  if (all.size === 0) problems.push({ severity: 'error', file: 'captured_data', message: `No captured steps found under ${join(abs, 'captured_data')}.`, hint: 'Point at the folder that contains captured_data/.' });
  // Every file is confined to the trace folder: one that escapes it (a symlink elsewhere) is a problem of its step.
  const refused = (rel: string, step: number | undefined, err: unknown): undefined => {
    problems.push({ severity: 'error', file: rel, ...(step !== undefined ? { step } : {}), message: (err as Error).message, hint: 'Replace the link with the file itself.' });
    return undefined;
  };
  const text = (rel: string, step?: number): Promise<string | undefined> => readTextIn(abs, rel).catch((err: unknown) => refused(rel, step, err));
  const absPath = (rel: string | undefined, step: number): string | undefined => {
    try {
      return rel === undefined ? undefined : resolveIn(abs, rel);
    } catch (err) {
      return refused(rel!, step, err);
    }
  };
  const steps: TraceStep[] = [];
  for (const i of [...all].sort((a, b) => a - b)) {
    let action: ExecAction = { kind: 'none' };
    const actionPath = found.action.get(i);
    if (actionPath) {
      const r = parseExecAction((await text(actionPath, i)) ?? '', actionPath);
      if (r.ok) action = r.value;
      else problems.push(...r.problems.map((p) => ({ ...p, step: i })));
    }
    const step: TraceStep = { index: i, action };
    const shot = absPath(found.screenshot.get(i), i);
    const xml = absPath(found.xml.get(i), i);
    const vh = absPath(found.view_hierarchy.get(i), i);
    const act = found.activity.get(i);
    if (shot) step.screenshot = shot;
    else if (!found.screenshot.has(i)) problems.push({ severity: 'warning', file: `captured_data/screenshot/${i}.png`, step: i, message: `Step ${i} has no screenshot.` });
    if (xml) step.xml = xml;
    if (vh) step.vh = vh;
    if (act) step.activity = ((await text(act, i)) ?? '').trim();
    steps.push(step);
  }
  const appsText = await text('installed_apps/installed_apps.txt');
  return {
    episode: basename(abs),
    dir: abs,
    layout: 'llamatouch-captured-data',
    steps,
    ...(appsText !== undefined ? { installedApps: parseInstalledApps(appsText) } : {}),
    problems,
  };
}

/** Files of one executed step; each present one is written. */
export interface TraceStepFiles {
  screenshot?: Uint8Array;
  xml?: string;
  /** DroidBot-style view list (JSON text). */
  vh?: string;
  activity?: string;
  action?: ExecAction;
}

/** Records one step of an execution trace in the upstream layout (atomic writes, folders created). */
export async function writeExecutionTraceStep(dir: string, step: number, files: TraceStepFiles): Promise<void> {
  const put = async (kind: Kind, data: string | Uint8Array): Promise<void> => {
    const sub = join(dir, 'captured_data', kind);
    await mkdir(sub, { recursive: true });
    await writeFileAtomic(join(sub, `${step}.${KINDS[kind]}`), data);
  };
  if (files.screenshot) await put('screenshot', files.screenshot);
  if (files.xml !== undefined) await put('xml', files.xml);
  if (files.vh !== undefined) await put('view_hierarchy', files.vh);
  if (files.activity !== undefined) await put('activity', files.activity);
  if (files.action) await put('action', formatExecActionLine(files.action) + '\n');
}

/** Where a recording or a trace keeps the packages installed at its end, relative to its folder. */
export const INSTALLED_APPS_FILE = 'installed_apps/installed_apps.txt';

/** Records the installed packages (one per line) at `installed_apps/installed_apps.txt`. */
export async function writeInstalledApps(dir: string, packages: string[]): Promise<void> {
  const sub = join(dir, 'installed_apps');
  await mkdir(sub, { recursive: true });
  await writeFileAtomic(join(sub, 'installed_apps.txt'), packages.map((p) => p + '\n').join(''));
}
