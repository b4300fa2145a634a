import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { makePrivateDirSync } from '../../platform/private-dir';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../platform/atomic-write';

/** Tokens a request used, as the endpoint reported them. */
export interface TokenUsage { prompt: number; completion: number }

/** One stored answer: what the model replied to one prompt. Never holds the API key or the prompt itself. */
export interface CachedAnswer {
  model: string;
  /** The endpoint that answered (base URL); the same model name elsewhere is another judge. */
  endpoint?: string;
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

/** The endpoint part of a cache key: the base URL without trailing slashes. */
export const endpointKey = (baseURL: string): string => baseURL.trim().replace(/\/+$/, '');

/**
 * Judge answers on disk, keyed by (endpoint, model, prompt hash): a second run over the same episodes
 * with the same prompt, endpoint and models sends no request; another endpoint (or model) is asked
 * afresh while the first one's answers stay for when it is used again. One JSON file per answer,
 * written atomically.
 */
export class JudgeCache {
  constructor(readonly dir: string) {}

  private file(model: string, hash: string, endpoint?: string): string {
    const key = createHash('sha256').update(endpoint === undefined ? `${model}\u0000${hash}` : `${endpointKey(endpoint)}\u0000${model}\u0000${hash}`).digest('hex');
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** The stored answer, or undefined (absent or unreadable: then the model is asked again). */
  get(model: string, hash: string, endpoint?: string): CachedAnswer | undefined {
    try {
      const a = JSON.parse(readFileSync(this.file(model, hash, endpoint), 'utf8')) as CachedAnswer;
      const sameEndpoint = endpoint === undefined ? a.endpoint === undefined : a.endpoint === endpointKey(endpoint);
      return a.model === model && sameEndpoint && a.promptHash === hash && typeof a.reply === 'string' ? a : undefined;
    } catch {
      return undefined;
    }
  }

  async put(a: CachedAnswer): Promise<void> {
    const f = this.file(a.model, a.promptHash, a.endpoint);
    makePrivateDirSync(path.dirname(f));
    await writeFileAtomic(f, JSON.stringify(a, null, 2) + '\n');
  }
}
