import type { EventPayload } from '../../shared/contract';
import type { TouchstoneClient } from './client';

/** A fresh id for a call that runs as a job, so the UI can follow and cancel exactly that job. */
export function newJobId(kind: string): string {
  const rand = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${kind.replace(/[^\w.:-]/g, '-')}:${rand}`;
}

/** Calls `listener` with every `job:progress` of one job; returns the unsubscribe function. */
export function followJob(client: TouchstoneClient, jobId: string, listener: (p: EventPayload<'job:progress'>) => void): () => void {
  return client.on('job:progress', (p) => {
    if (p.jobId === jobId) listener(p);
  });
}
