import { readFile } from 'node:fs/promises';
import { makePrivateDir } from '../platform/private-dir';
import { basename, join } from 'node:path';
import type { RecentDataset } from '../../shared/contract';
import type { EvalSpec, RecentEvaluation } from '../../shared/contract/evaluation';
import { sweepStaleTemps, writeFileAtomic } from '../platform/atomic-write';
import { serialised } from '../platform/serial-queue';

const MAX_RECENT = 12;
/** Recent evaluations the Evaluate form lists: enough for a week's work, short enough to read at a glance. */
const MAX_RECENT_EVALUATIONS = 6;

/**
 * One recent list kept as JSON in the app's state folder, newest first. Updates are serialised
 * (read, change, atomic write, one at a time), so concurrent ones all land; temp files a killed
 * process left are swept when the list starts; a damaged file reads as empty and is rewritten.
 */
class RecentFile<T> {
  private readonly file: string;
  /** Sweeping starts with the store (at app start); updates wait for it. Never rejects. */
  private readonly swept: Promise<number>;

  constructor(private readonly stateDir: string, name: string, private readonly max: number, private readonly valid: (x: unknown) => x is T, private readonly key: (x: T) => string) {
    this.file = join(stateDir, name);
    this.swept = sweepStaleTemps(stateDir, name);
  }

  async list(): Promise<T[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return []; // first launch: nothing opened yet
    }
    try {
      const data: unknown = JSON.parse(text);
      return Array.isArray(data) ? data.filter(this.valid) : [];
    } catch {
      // A damaged recent list must not block the app; it is rewritten on the next open.
      return [];
    }
  }

  /** Puts `entry` at the top, dropping an older entry with the same key. */
  add(entry: T): Promise<T[]> {
    // Runs after every earlier update of the same file (by any store of this process) has settled.
    return serialised(this.file, () => this.swept.then(async () => {
      const next = [entry, ...(await this.list()).filter((r) => this.key(r) !== this.key(entry))].slice(0, this.max);
      await makePrivateDir(this.stateDir);
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
      return next;
    }));
  }
}

/**
 * The recently opened dataset folders and the recent evaluations (dataset, traces, labels and
 * settings), kept as JSON in the app's state folder (`~/.config/touchstone` by default; tests pass a
 * temp folder).
 */
export class RecentStore {
  private readonly datasets: RecentFile<RecentDataset>;
  private readonly evaluations: RecentFile<RecentEvaluation>;

  constructor(stateDir: string) {
    this.datasets = new RecentFile(stateDir, 'recent-datasets.json', MAX_RECENT, isRecent, (r) => r.path);
    this.evaluations = new RecentFile(stateDir, 'recent-evaluations.json', MAX_RECENT_EVALUATIONS, isRecentEvaluation, (r) => evaluationKey(r.spec));
  }

  list(): Promise<RecentDataset[]> {
    return this.datasets.list();
  }

  /** Moves `path` to the top of the list. */
  add(path: string): Promise<RecentDataset[]> {
    return this.datasets.add({ path, name: basename(path) || path, openedAt: new Date().toISOString() });
  }

  /** Recent evaluations, newest first (one per dataset, agents and labels). */
  listEvaluations(): Promise<RecentEvaluation[]> {
    return this.evaluations.list();
  }

  /** Puts `spec` at the top of the recent evaluations (its settings replace those of the same dataset, agents and labels). */
  addEvaluation(spec: EvalSpec): Promise<RecentEvaluation[]> {
    return this.evaluations.add({ spec, openedAt: new Date().toISOString() });
  }
}

/** What makes two evaluations the same entry: the dataset, each agent's name and folder, the labels file. */
const evaluationKey = (s: EvalSpec): string => JSON.stringify([s.dataset, s.agents.map((a) => [a.name, a.path, a.human ?? '']), s.human ?? '']);

function isRecent(x: unknown): x is RecentDataset {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.path === 'string' && typeof r.name === 'string' && typeof r.openedAt === 'string';
}

function isRecentEvaluation(x: unknown): x is RecentEvaluation {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as { spec?: Partial<EvalSpec>; openedAt?: unknown };
  return typeof r.openedAt === 'string' && typeof r.spec?.dataset === 'string' && Array.isArray(r.spec.agents)
    && r.spec.agents.every((a) => typeof a?.name === 'string' && typeof a.path === 'string');
}
