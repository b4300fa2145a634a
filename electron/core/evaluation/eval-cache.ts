import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { makePrivateDirSync } from '../../platform/private-dir';
import { readFile, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { EvalCell } from '../../../shared/contract/evaluation';
import type { EssentialResult } from '../../../shared/evaluation/types';
import { writeFileAtomic } from '../../platform/atomic-write';
import type { FileMemo } from './content-hash';
import type { EpisodeOutcome } from './episode-evaluator';
import type { TraceRef } from '../traces/trace-layouts';

/** Bumped when what is stored or how it is computed changes (an evaluator change of verdicts included): older caches are then ignored. */
export const EVAL_CACHE_VERSION = 5;

/** Everything one task x agent evaluation produced: fixed-mode outcome (all methods) and the legacy essential result. */
export interface CachedDetail {
  fixed: EpisodeOutcome;
  legacy?: EssentialResult;
}

/** What the index remembers of an episode: its content key, its overview cell and where its trace was. */
export interface IndexEntry {
  key: string;
  cell: EvalCell;
  trace: TraceRef;
}

interface IndexFile {
  version: number;
  settings: string;
  episodes: Record<string, IndexEntry>;
}

/** The stable name of an agent's cache: one per (dataset root, traces folder). */
export function cacheName(datasetRoot: string, tracesDir: string): string {
  return createHash('sha256').update(`${datasetRoot}\0${tracesDir}`).digest('hex').slice(0, 16);
}

/**
 * On-disk cache of one agent's evaluation: `<name>.json` holds, per episode, the content key it was
 * evaluated under, its overview cell and its trace (what the overview needs, read at once);
 * `<name>.files.json` the size/mtime/hash memo of every file (read only when files are checked);
 * `<name>/<key>.json` the full results with evidence, read only when that episode is replayed.
 * Details are named by their key, so a changed episode writes a new file and never rewrites another.
 */
export class EvalCache {
  private readonly episodes = new Map<string, IndexEntry>();
  private readonly written = new Set<string>();
  /** The file memo, once loaded (`loadFiles`). */
  files: Map<string, FileMemo> = new Map();
  private filesLoaded = false;

  private constructor(private readonly dir: string, private readonly name: string, private readonly settings: string) {}

  /** Opens (or starts) the cache `name` under `dir`; a cache from other settings or another version starts empty. */
  static async open(dir: string, name: string, settings: string): Promise<EvalCache> {
    let idx: IndexFile | undefined;
    try {
      idx = JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as IndexFile;
    } catch { /* absent or unreadable: start empty */ }
    const c = new EvalCache(dir, name, settings);
    if (idx && idx.version === EVAL_CACHE_VERSION && idx.settings === settings) for (const [ep, v] of Object.entries(idx.episodes)) c.episodes.set(ep, v);
    return c;
  }

  /** Reads the file memo (before checking files against the cache). */
  async loadFiles(): Promise<Map<string, FileMemo>> {
    if (!this.filesLoaded && this.episodes.size) {
      try {
        this.files = new Map(Object.entries(JSON.parse(await readFile(path.join(this.dir, `${this.name}.files.json`), 'utf8')) as Record<string, FileMemo>));
      } catch { /* absent: every file is hashed once */ }
    }
    this.filesLoaded = true;
    return this.files;
  }

  /** Every stored episode with its trace (what a from-cache open lists). */
  entries(): [string, IndexEntry][] {
    return [...this.episodes];
  }

  /** The cached cell of `episode` when it was evaluated under exactly `key` (the trace may have moved). */
  get(episode: string, key: string, trace: TraceRef): EvalCell | undefined {
    const e = this.episodes.get(episode);
    if (e?.key !== key) return undefined;
    e.trace = trace;
    return e.cell;
  }

  /** Stores a fresh result (the detail file is written now, the index on `save`). */
  async put(episode: string, key: string, cell: EvalCell, trace: TraceRef, detail: CachedDetail): Promise<void> {
    makePrivateDirSync(path.join(this.dir, this.name));
    await writeFileAtomic(this.detailFile(key), JSON.stringify(detail));
    this.written.add(key);
    this.episodes.set(episode, { key, cell, trace });
  }

  /** The full results of `episode` as stored, or undefined when it was never evaluated. */
  async detail(episode: string): Promise<CachedDetail | undefined> {
    const e = this.episodes.get(episode);
    if (!e || !existsSync(this.detailFile(e.key))) return undefined;
    return JSON.parse(await readFile(this.detailFile(e.key), 'utf8')) as CachedDetail;
  }

  /** Keeps only these episodes, writes the index atomically and removes detail files nobody points to. */
  async save(keep: ReadonlySet<string>): Promise<void> {
    for (const ep of this.episodes.keys()) if (!keep.has(ep)) this.episodes.delete(ep);
    const idx: IndexFile = { version: EVAL_CACHE_VERSION, settings: this.settings, episodes: Object.fromEntries(this.episodes) };
    makePrivateDirSync(this.dir);
    await writeFileAtomic(path.join(this.dir, `${this.name}.files.json`), JSON.stringify(Object.fromEntries(this.files)));
    await writeFileAtomic(path.join(this.dir, `${this.name}.json`), JSON.stringify(idx));
    if (!this.written.size) return;
    const live = new Set([...this.episodes.values()].map((e) => `${e.key}.json`));
    const names = await readdir(path.join(this.dir, this.name)).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.endsWith('.json') && !live.has(n)).map((n) => unlink(path.join(this.dir, this.name, n)).catch(() => undefined)));
  }

  private detailFile(key: string): string {
    return path.join(this.dir, this.name, `${key}.json`);
  }
}
