import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDirSync } from '../../platform/private-dir';
import { threadId } from 'node:worker_threads';
import type { EpisodeOutcome, EvalJob, EvalSettings } from './episode-evaluator';

/** Bumped whenever a change to the evaluator can change a verdict: older entries are then ignored. */
export const RESULT_CACHE_VERSION = 'eval-4';

/** Entries written per shard file at most, and how long an entry waits for the next write. */
const FLUSH_ENTRIES = 256;
const FLUSH_MS = 2000;
/** More shard files than this are merged into one on the next write. */
const MAX_SHARDS = 16;
const SHARD = /^r-[0-9a-z]+-\d+-\d+-\d+\.jsonl$/;
/** Per-episode entry files of the earlier layout (one JSON file per episode); removed when shards are merged. */
const OLD_ENTRY = /^[0-9a-f]{40}\.json$/;
/** `<key> <fingerprint> ` in front of each line's outcome JSON: two 40-digit hex sha1s and two spaces. */
const HEAD = 82;

interface Slot { shard: string; start: number; length: number; fp: string }

/** Shard names are unique per process and thread: time, pid, thread id and this counter. */
let shardSeq = 0;

/**
 * Persistent per-episode results: a second run over unchanged inputs with the same settings reads
 * each verdict back instead of evaluating. An entry is used only when its fingerprint matches: the
 * settings, the embedder, the cache version, and the name, size and modification time of every file
 * in the episode folder and in the trace folder (two levels down). Anything else is a miss. Entries
 * of other settings (another mode, method or embedder) are kept beside, not replaced.
 *
 * Entries are lines `<episode key> <fingerprint> <outcome JSON>` in shard files written whole
 * (temp file + rename), up to 256 entries or 2 s of results per shard, so a run writes a few files
 * instead of one per episode (on this machine's ext4 a small file costs ~1 ms to create: 15-20% of
 * a 200-episode `touchstone eval`). A run that dies loses at most its last unwritten shard, which
 * only costs a re-evaluation. Lookups index the shards once (key, fingerprint, where the outcome
 * is) and read an outcome only on a hit, so memory does not grow with the cache. Past 16 shards
 * the next write merges them into one (newest entry per episode wins).
 */
export class ResultCache {
  hits = 0;
  misses = 0;
  private readonly settingsKey: string;
  private index: Map<string, Slot> | undefined;
  private readonly fds = new Map<string, number>();
  private pending: string[] = [];
  private pendingSince = 0;

  constructor(private readonly dir: string, settings: EvalSettings, embedder: string) {
    this.settingsKey = JSON.stringify([RESULT_CACHE_VERSION, settings, embedder]);
    makePrivateDirSync(dir);
  }

  /** One entry per episode, trace and settings: runs with other settings (fixed / legacy) keep theirs side by side. */
  private key(job: EvalJob): string {
    return createHash('sha1').update(this.settingsKey).update(`\u0000${job.datasetRoot}\u0000${job.relPath}\u0000${job.trace.dir}`).digest('hex');
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

  /** Indexes every shard once (newer shards win); damaged or torn lines are skipped. */
  private slots(): Map<string, Slot> {
    if (this.index) return this.index;
    const index = new Map<string, Slot>();
    for (const shard of this.shardNames()) {
      let buf: Buffer;
      try { buf = readFileSync(path.join(this.dir, shard)); } catch { continue; }
      for (let at = 0; at < buf.length; ) {
        const nl = buf.indexOf(10, at);
        if (nl < 0) break; // a torn last line (a write cut short) is no entry
        if (nl - at > HEAD && buf[at + 40] === 32 && buf[at + 81] === 32) {
          index.set(buf.toString('latin1', at, at + 40), { shard, start: at + HEAD, length: nl - at - HEAD, fp: buf.toString('latin1', at + 41, at + 81) });
        }
        at = nl + 1;
      }
    }
    this.index = index;
    return index;
  }

  private shardNames(): string[] {
    try {
      return readdirSync(this.dir).filter((n) => SHARD.test(n)).sort();
    } catch {
      return [];
    }
  }

  /**
   * The cached outcome of a job whose inputs have not changed, fingerprinting the job only when an
   * entry exists (a first run stats nothing here); undefined otherwise.
   */
  lookup(job: EvalJob): EpisodeOutcome | undefined {
    if (!this.slots().has(this.key(job))) { this.misses++; return undefined; }
    return this.get(job, this.fingerprint(job));
  }

  /** The cached outcome of a job whose inputs have not changed; undefined otherwise. */
  get(job: EvalJob, fp: string | undefined): EpisodeOutcome | undefined {
    const slot = fp ? this.slots().get(this.key(job)) : undefined;
    if (slot && slot.fp === fp) {
      try {
        let fd = this.fds.get(slot.shard);
        if (fd === undefined) { fd = openSync(path.join(this.dir, slot.shard), 'r'); this.fds.set(slot.shard, fd); }
        const buf = Buffer.allocUnsafe(slot.length);
        if (readSync(fd, buf, 0, slot.length, slot.start) === slot.length) {
          const outcome = JSON.parse(buf.toString('utf8')) as EpisodeOutcome;
          this.hits++;
          return outcome;
        }
      } catch { /* a shard merged away meanwhile, or a damaged line: a miss */ }
    }
    this.misses++;
    return undefined;
  }

  /** Queues an outcome; it is written with the next shard (see flush). Errors are never cached. */
  put(job: EvalJob, fp: string | undefined, outcome: EpisodeOutcome): void {
    if (!fp || outcome.error) return;
    if (!this.pending.length) this.pendingSince = Date.now();
    this.pending.push(`${this.key(job)} ${fp} ${JSON.stringify(outcome)}\n`);
    if (this.pending.length >= FLUSH_ENTRIES || Date.now() - this.pendingSince >= FLUSH_MS) this.flush();
  }

  /**
   * Writes queued entries as one shard, atomically (temp file + rename); not fsynced: a shard lost
   * in a crash is only misses. A failed write is ignored for the same reason.
   */
  flush(): void {
    if (!this.pending.length) return;
    const lines = this.pending.join('');
    this.pending = [];
    this.writeShard(lines);
    const shards = this.shardNames();
    if (shards.length > MAX_SHARDS) this.merge(shards);
  }

  /** Writes what is queued and closes the shards opened for reading. */
  close(): void {
    this.flush();
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  private writeShard(lines: string): boolean {
    // Fixed-width time and counter: names sort oldest first, and newer entries win.
    const name = `r-${Date.now().toString(36).padStart(9, '0')}-${process.pid}-${threadId}-${String(shardSeq++).padStart(8, '0')}.jsonl`;
    const file = path.join(this.dir, name);
    const tmp = `${file}.tmp`;
    try {
      writeFileSync(tmp, lines);
      renameSync(tmp, file);
      return true;
    } catch {
      rmSync(tmp, { force: true });
      return false;
    }
  }

  /** Merges shards into one, newest line per episode, then removes them (and old per-episode and stale temp files). */
  private merge(shards: string[]): void {
    const latest = new Map<string, string>();
    const merged: string[] = [];
    for (const shard of shards) {
      let text: string;
      try { text = readFileSync(path.join(this.dir, shard), 'utf8'); } catch { continue; }
      merged.push(shard);
      for (const line of text.split('\n')) if (line.length > HEAD && line[40] === ' ' && line[81] === ' ') latest.set(line.slice(0, 40), line);
    }
    // The merged shards go only once their entries are written elsewhere (a full disk keeps them).
    if (!this.writeShard([...latest.values()].map((l) => `${l}\n`).join(''))) return;
    for (const shard of merged) rmSync(path.join(this.dir, shard), { force: true });
    // Entry files of the earlier layout, and temp files of writes cut short over an hour ago (a process killed mid-write).
    const hourAgo = Date.now() - 3_600_000;
    for (const n of readdirSync(this.dir)) {
      const p = path.join(this.dir, n);
      if (OLD_ENTRY.test(n) || (n.endsWith('.tmp') && (statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < hourAgo)) rmSync(p, { force: true });
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
