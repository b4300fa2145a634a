import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EpisodeOutcome, EvalJob, EvalSettings } from './episode-evaluator';

/** Bumped whenever a change to the evaluator can change a verdict: older entries are then ignored. */
export const RESULT_CACHE_VERSION = 'eval-2';

/**
 * Persistent per-episode results: a second run over unchanged inputs with the same settings reads
 * each verdict back instead of evaluating. An entry is used only when its fingerprint matches: the
 * settings, the embedder, the cache version, and the name, size and modification time of every file
 * in the episode folder and in the trace folder (two levels down). Anything else is a miss.
 */
export class ResultCache {
  hits = 0;
  misses = 0;
  private writes = 0;
  private readonly settingsKey: string;

  constructor(private readonly dir: string, settings: EvalSettings, embedder: string) {
    this.settingsKey = JSON.stringify([RESULT_CACHE_VERSION, settings, embedder]);
    mkdirSync(dir, { recursive: true });
  }

  private file(job: EvalJob): string {
    const id = createHash('sha1').update(`${job.datasetRoot}\u0000${job.relPath}\u0000${job.trace.dir}`).digest('hex');
    return path.join(this.dir, `${id}.json`);
  }

  /** Fingerprint of a job's inputs, or undefined when a folder cannot be listed (never cached then). */
  fingerprint(job: EvalJob): string | undefined {
    const h = createHash('sha1').update(this.settingsKey).update(JSON.stringify(job));
    try {
      listing(path.join(job.datasetRoot, job.relPath), 1, h);
      listing(job.trace.dir, 3, h);
    } catch {
      return undefined;
    }
    return h.digest('hex');
  }

  /**
   * The cached outcome of a job whose inputs have not changed, fingerprinting the job only when an
   * entry exists (a first run stats nothing here); undefined otherwise.
   */
  lookup(job: EvalJob): EpisodeOutcome | undefined {
    if (!existsSync(this.file(job))) { this.misses++; return undefined; }
    return this.get(job, this.fingerprint(job));
  }

  /** The cached outcome of a job whose inputs have not changed; undefined otherwise. */
  get(job: EvalJob, fp: string | undefined): EpisodeOutcome | undefined {
    if (fp) {
      try {
        const e = JSON.parse(readFileSync(this.file(job), 'utf8')) as { fp?: string; outcome?: EpisodeOutcome };
        if (e.fp === fp && e.outcome) { this.hits++; return e.outcome; }
      } catch { /* a missing or damaged entry is a miss */ }
    }
    this.misses++;
    return undefined;
  }

  /**
   * Stores an outcome atomically (temp file + rename). Not fsynced: an entry lost in a crash is only
   * a miss (entries are checked against their fingerprint), and an fsync per episode would cost more
   * than evaluating it. A failed write is ignored for the same reason.
   */
  put(job: EvalJob, fp: string | undefined, outcome: EpisodeOutcome): void {
    if (!fp || outcome.error) return;
    const file = this.file(job);
    const tmp = `${file}.${process.pid}.${this.writes++}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify({ fp, outcome }));
      renameSync(tmp, file);
    } catch {
      rmSync(tmp, { force: true });
    }
  }
}

/** Adds every entry under `dir` (name, size, mtime), `depth` levels down, in name order, to the hash. */
function listing(dir: string, depth: number, h: ReturnType<typeof createHash>): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      h.update(`d:${e.name}\n`);
      if (depth > 1) listing(p, depth - 1, h);
      continue;
    }
    const s = statSync(p);
    h.update(`f:${e.name}:${s.size}:${s.mtimeMs}\n`);
  }
}

/**
 * Evaluates a job with the result cache around it: fingerprinted just before its files are read
 * (a file changed during the evaluation then makes the stored entry a miss, never a stale hit),
 * stored after.
 */
export async function evaluateCached(ev: { evaluate(job: EvalJob): Promise<EpisodeOutcome> }, job: EvalJob, cache?: ResultCache): Promise<EpisodeOutcome> {
  const fp = cache?.fingerprint(job);
  const o = await ev.evaluate(job);
  cache?.put(job, fp, o);
  return o;
}
