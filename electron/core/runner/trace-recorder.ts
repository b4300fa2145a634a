import { mkdir, rename, rm } from 'node:fs/promises';
import { writeFileSynced as writeSynced } from '../../platform/atomic-write';
import { listIn, readTextIn } from '../../platform/confined-read';
import { dirname, join } from 'node:path';
import type { ExecAction } from '../../../shared/model';
import { formatExecActionLine } from '../../../shared/formats/exec-action';
import { writeFileAtomic, writeFilesAtomic } from '../../platform/atomic-write';
import { INSTALLED_APPS_FILE } from '../datasets/execution-trace';
import { RUN_FILES } from '../evaluation/run-record';
import { EPISODE_FILE, type EpisodeRecord, type StepRecord } from './episode-record';

/** `captured_data/<kind>/i.<ext>`, the upstream evaluator's layout. */
const KINDS = [['screenshot', 'png'], ['xml', 'xml'], ['view_hierarchy', 'json'], ['activity', 'activity'], ['action', 'action']] as const;

/** One captured step's files. */
export interface StepFiles {
  png: Buffer;
  xml: string;
  /** DroidBot-style node list (JSON text). */
  vh: string;
  activity: string;
  action: ExecAction;
}

/**
 * Writes one execution trace in the LlamaTouch layout plus `episode.json`. A
 * step's files are written to a staging folder first (each fsynced), then moved
 * into place by renames, then `episode.json` records the step: a runner killed
 * at any moment leaves every completed step whole, and `repair()` (run on
 * resume) removes the files of a step whose commit did not finish.
 */
export class TraceRecorder {
  /** Folders of the trace this recorder has made (each made once). */
  private readonly made = new Set<string>();

  constructor(readonly dir: string, private record: EpisodeRecord) {}

  get current(): EpisodeRecord { return this.record; }

  /** Reads an existing trace's episode.json (null when absent or unreadable). */
  static async read(dir: string): Promise<EpisodeRecord | null> {
    try {
      const r = JSON.parse((await readTextIn(dir, EPISODE_FILE)) ?? 'null') as EpisodeRecord;
      return r.format === 'touchstone-episode/1' ? r : null;
    } catch {
      return null;
    }
  }

  /** Starts a fresh trace (an old one in the folder is removed). */
  static async create(dir: string, record: EpisodeRecord): Promise<TraceRecorder> {
    await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, 'captured_data'), { recursive: true });
    const r = new TraceRecorder(dir, record);
    await r.save();
    return r;
  }

  /** Removes step files beyond the steps episode.json lists (a commit cut short) and the staging folder. */
  async repair(): Promise<number> {
    const keep = this.record.steps.length;
    let removed = 0;
    await rm(join(this.dir, 'captured_data', '.staging'), { recursive: true, force: true });
    for (const [kind] of KINDS) {
      const sub = join(this.dir, 'captured_data', kind);
      const names = await listIn(sub).then((es) => es.map((e) => e.name)).catch(() => [] as string[]);
      for (const n of names) {
        const m = /^(\d+)\./.exec(n);
        if (!m || Number(m[1]) >= keep) { await rm(join(sub, n), { force: true }); removed++; }
      }
    }
    return removed;
  }

  /** Writes step `step.index` (must be the next one) and records it. */
  async commitStep(step: StepRecord, files: StepFiles): Promise<void> {
    const i = step.index;
    if (i !== this.record.steps.length) throw new Error(`Trace ${this.dir}: step ${i} committed after ${this.record.steps.length} step(s); steps must be consecutive.`);
    const staging = join(this.dir, 'captured_data', '.staging', String(i));
    await mkdir(staging, { recursive: true });
    const data: Record<string, string | Buffer> = {
      screenshot: files.png, xml: files.xml, view_hierarchy: files.vh, activity: files.activity, action: formatExecActionLine(files.action) + '\n',
    };
    // Staged in parallel: their fsyncs overlap (one journal commit instead of five on most filesystems).
    await Promise.all(KINDS.map(([kind, ext]) => writeSynced(join(staging, `${i}.${ext}`), data[kind]!)));
    if (i === 0) for (const [kind] of KINDS) await mkdir(join(this.dir, 'captured_data', kind), { recursive: true });
    // The renames follow each other without awaiting disk flushes: the window in which a kill leaves part of a step is tiny, and repair() closes it.
    for (const [kind, ext] of KINDS) await rename(join(staging, `${i}.${ext}`), join(this.dir, 'captured_data', kind, `${i}.${ext}`));
    await rm(staging, { recursive: true, force: true });
    this.record.steps.push(step);
    await this.save();
  }

  /** Drops steps from `from` on (a resumed episode whose device could not be brought back exactly). */
  async truncate(from: number): Promise<void> {
    this.record.steps = this.record.steps.slice(0, from);
    await this.save();
    await this.repair();
  }

  /**
   * A side-effect snapshot: the installed packages (at the end upstream's `installed_apps/installed_apps.txt`,
   * at the start Touchstone's own file) and the settings tables, in one batch of atomic writes.
   */
  async writeSnapshot(when: 'start' | 'end', packages: readonly string[], settings: readonly (readonly [rel: string, text: string])[]): Promise<void> {
    const list = packages.map((p) => `package:${p}\n`).join('');
    const files = [[when === 'start' ? RUN_FILES.installedAtStart : INSTALLED_APPS_FILE, list] as const, ...settings];
    for (const d of new Set(files.map(([rel]) => dirname(rel)))) {
      if (!this.made.has(d)) await mkdir(join(this.dir, d), { recursive: true });
      this.made.add(d);
    }
    await writeFilesAtomic(files.map(([rel, text]) => [join(this.dir, rel), text]));
    if (when === 'end') this.record.installedApps = [...packages];
  }

  async update(patch: Partial<EpisodeRecord>): Promise<void> {
    this.record = { ...this.record, ...patch };
    await this.save();
  }

  private async save(): Promise<void> {
    await writeFileAtomic(join(this.dir, EPISODE_FILE), JSON.stringify(this.record, null, 2) + '\n');
  }
}
