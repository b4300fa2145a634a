/**
 * The recent-runs list: run folders of a dataset (`runs/*`, where the run view and `touchstone run`
 * write by default, plus the output folders runs were given, remembered in the app's state folder),
 * each summarised from its `episode.json` files, read through the confined reader.
 */
import { join, posix } from 'node:path';
import type { RecentRun, RecentRunColumn } from '../../../shared/contract/run-recent';
import type { CanaryResult } from '../../../shared/contract/run-canary';
import { writeFileAtomic } from '../../platform/atomic-write';
import { listIn, readTextIn, statIn } from '../../platform/confined-read';
import { makePrivateDir } from '../../platform/private-dir';
import { serialised } from '../../platform/serial-queue';
import { CANARY_DIR } from './canary';
import { EPISODE_FILE, type EpisodeRecord } from './episode-record';

/** A repeat folder (`r1`, `r2`...): its parent is a trace column. */
const REPEAT = /^r\d+$/;
/** Output folders remembered per dataset (beyond `runs/*`, which is always looked at). */
const MAX_REMEMBERED = 50;

async function dirs(root: string, ...rel: string[]): Promise<string[]> {
  const entries = await listIn(root, ...rel).catch(() => []);
  // Symlinked folders are left out: a run folder is what a run wrote, never a link to elsewhere.
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** The trace columns of a run folder: `<agent>/r<k>/` directly under it, or `<config>/<agent>/r<k>/` (device configurations). */
export async function runColumns(root: string, out: string): Promise<RecentRunColumn[]> {
  const columns: RecentRunColumn[] = [];
  for (const a of await dirs(root, out)) {
    if (a === CANARY_DIR) continue; // the canary's replays are not the run's
    const inside = await dirs(root, out, a);
    if (inside.some((d) => REPEAT.test(d))) { columns.push({ name: a, path: a }); continue; }
    for (const b of inside) {
      if ((await dirs(root, out, a, b)).some((d) => REPEAT.test(d))) columns.push({ name: `${b}@${a}`, path: `${a}/${b}` });
    }
  }
  return columns;
}

/** A run folder's summary, or null when it holds no episode. */
export async function summariseRun(root: string, out: string): Promise<RecentRun | null> {
  const columns = await runColumns(root, out);
  const run: RecentRun = { out, columns, episodes: 0, evaluated: 0, completed: 0, incomplete: 0, endedAt: '' };
  let newest = 0;
  for (const c of columns) {
    for (const r of (await dirs(root, out, c.path)).filter((d) => REPEAT.test(d))) {
      for (const ep of await dirs(root, out, c.path, r)) {
        const rel = posix.join(out, c.path, r, ep, EPISODE_FILE);
        const text = await readTextIn(root, rel).catch(() => undefined);
        if (text === undefined) continue;
        let rec: Partial<EpisodeRecord>;
        try { rec = JSON.parse(text) as Partial<EpisodeRecord>; } catch { continue; } // half-written by a killed run: not an episode yet
        run.episodes++;
        if (rec.outcome === 'incomplete') run.incomplete++;
        if (rec.evaluation) { run.evaluated++; if (rec.evaluation.completed) run.completed++; }
        const t = Date.parse(rec.endedAt ?? rec.startedAt ?? '') || (await statIn(root, rel))?.mtimeMs || 0;
        newest = Math.max(newest, t);
      }
    }
  }
  if (!run.episodes) return null;
  run.endedAt = new Date(newest).toISOString();
  const canary = await readTextIn(root, out, CANARY_DIR, 'canary.json').catch(() => undefined);
  if (canary) {
    try { run.quarantined = (JSON.parse(canary) as CanaryResult).quarantined.length; } catch { /* a damaged canary.json: the run is listed without it */ }
  }
  return run;
}

/** Run folders of the dataset at `root` with episodes, newest first: `runs/*` and the `remembered` ones (relative to `root`). */
export async function listRecentRuns(root: string, remembered: readonly string[], limit: number): Promise<RecentRun[]> {
  const candidates = new Set([...(await dirs(root, 'runs')).map((d) => `runs/${d}`), ...remembered]);
  const runs: RecentRun[] = [];
  for (const out of candidates) {
    const r = await summariseRun(root, out).catch(() => null); // a folder gone or refused since: left out
    if (r) runs.push(r);
  }
  return runs.sort((a, b) => b.endedAt.localeCompare(a.endedAt) || a.out.localeCompare(b.out)).slice(0, limit);
}

/**
 * The output folders runs were given, per dataset folder, in the app's state folder
 * (`recent-run-folders.json`): a folder outside `runs/` is found again after a restart.
 */
export class RecentRunFolders {
  private static readonly NAME = 'recent-run-folders.json';
  private readonly file: string;
  constructor(private readonly stateDir: string) { this.file = join(stateDir, RecentRunFolders.NAME); }

  private async read(): Promise<Record<string, string[]>> {
    try {
      const data: unknown = JSON.parse((await readTextIn(this.stateDir, RecentRunFolders.NAME)) ?? '{}');
      return data && typeof data === 'object' && !Array.isArray(data) ? data as Record<string, string[]> : {};
    } catch {
      return {}; // none yet, or damaged: rewritten on the next run
    }
  }

  async list(root: string): Promise<string[]> {
    const v = (await this.read())[root];
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  }

  /** Puts `out` (relative to `root`) first in the dataset's list. */
  remember(root: string, out: string): Promise<void> {
    return serialised(this.file, async () => {
      const all = await this.read();
      all[root] = [out, ...(await this.list(root)).filter((x) => x !== out)].slice(0, MAX_REMEMBERED);
      await makePrivateDir(this.stateDir);
      await writeFileAtomic(this.file, JSON.stringify(all, null, 2) + '\n');
    });
  }
}
