import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { EvalCell } from '../../../shared/contract/evaluation';
import type { EssentialResult } from '../../../shared/evaluation/types';
import { writeFileAtomic } from '../fs/atomic-write';
import type { FileMemo } from './content-hash';
import type { EpisodeOutcome } from './episode-evaluator';

/** Bumped when what is stored (or how it is computed) changes; older caches are then ignored. */
export const EVAL_CACHE_VERSION = 1;

/** Everything one task x agent evaluation produced: fixed-mode outcome (all methods) and the legacy essential result. */
export interface CachedDetail {
  fixed: EpisodeOutcome;
  legacy?: EssentialResult;
}

interface IndexFile {
  version: number;
  settings: string;
  files: Record<string, FileMemo>;
  episodes: Record<string, { key: string; cell: EvalCell }>;
}

/** The stable name of an agent's cache: one per (dataset root, traces folder). */
export function cacheName(datasetRoot: string, tracesDir: string): string {
  return createHash('sha256').update(`${datasetRoot}\0${tracesDir}`).digest('hex').slice(0, 16);
}

/**
 * On-disk cache of one agent's evaluation: `<name>.json` holds, per episode, the content key it was
 * evaluated under and its overview cell (what the overview needs, read at once); `<name>/<key>.json`
 * holds the full results with evidence, read only when that episode is replayed. Details are named
 * by their key, so a changed episode writes a new file and never rewrites another.
 */
export class EvalCache {
  private readonly episodes = new Map<string, { key: string; cell: EvalCell }>();
  private readonly written = new Set<string>();

  private constructor(private readonly dir: string, private readonly name: string, private readonly settings: string, readonly files: Map<string, FileMemo>) {}

  /** Opens (or starts) the cache `name` under `dir`; a cache from other settings or another version starts empty. */
  static async open(dir: string, name: string, settings: string): Promise<EvalCache> {
    let idx: IndexFile | undefined;
    try {
      idx = JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as IndexFile;
    } catch { /* absent or unreadable: start empty */ }
    const fresh = !idx || idx.version !== EVAL_CACHE_VERSION || idx.settings !== settings;
    const c = new EvalCache(dir, name, settings, new Map(fresh ? [] : Object.entries(idx!.files)));
    if (!fresh) for (const [ep, v] of Object.entries(idx!.episodes)) c.episodes.set(ep, v);
    return c;
  }

  /** The cached cell of `episode` when it was evaluated under exactly `key`. */
  get(episode: string, key: string): EvalCell | undefined {
    const e = this.episodes.get(episode);
    return e?.key === key ? e.cell : undefined;
  }

  /** The last stored cell of `episode`, whatever key it was evaluated under. */
  last(episode: string): EvalCell | undefined {
    return this.episodes.get(episode)?.cell;
  }

  /** Stores a fresh result (the detail file is written now, the index on `save`). */
  async put(episode: string, key: string, cell: EvalCell, detail: CachedDetail): Promise<void> {
    mkdirSync(path.join(this.dir, this.name), { recursive: true });
    await writeFileAtomic(this.detailFile(key), JSON.stringify(detail));
    this.written.add(key);
    this.episodes.set(episode, { key, cell });
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
    const idx: IndexFile = { version: EVAL_CACHE_VERSION, settings: this.settings, files: Object.fromEntries(this.files), episodes: Object.fromEntries(this.episodes) };
    mkdirSync(this.dir, { recursive: true });
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
