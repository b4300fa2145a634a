import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';

/** Tokens a request used, as the endpoint reported them. */
export interface TokenUsage { prompt: number; completion: number }

/** One stored answer: what the model replied to one prompt. Never holds the API key or the prompt itself. */
export interface CachedAnswer {
  model: string;
  promptHash: string;
  reply: string;
  usage: TokenUsage;
  /** ISO time of the request. */
  at: string;
}

/** $XDG_CACHE_HOME/touchstone/judge, else ~/.cache/touchstone/judge. */
export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'touchstone', 'judge');
}

/**
 * Judge answers on disk, keyed by (model, prompt hash): a second run over the same episodes with the
 * same prompt and models sends no request. One JSON file per answer, written atomically.
 */
export class JudgeCache {
  constructor(readonly dir: string) {}

  private file(model: string, hash: string): string {
    const key = createHash('sha256').update(`${model}\u0000${hash}`).digest('hex');
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** The stored answer, or undefined (absent or unreadable: then the model is asked again). */
  get(model: string, hash: string): CachedAnswer | undefined {
    try {
      const a = JSON.parse(readFileSync(this.file(model, hash), 'utf8')) as CachedAnswer;
      return a.model === model && a.promptHash === hash && typeof a.reply === 'string' ? a : undefined;
    } catch {
      return undefined;
    }
  }

  async put(a: CachedAnswer): Promise<void> {
    const f = this.file(a.model, a.promptHash);
    mkdirSync(path.dirname(f), { recursive: true });
    await writeFileAtomic(f, JSON.stringify(a, null, 2) + '\n');
  }
}
