import { describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../shared/contract';
import { JobService } from './job-service';

function recorder() {
  const events: Array<[EventName, unknown]> = [];
  const jobs = new JobService(<E extends EventName>(e: E, p: EventPayload<E>) => void events.push([e, p]));
  return { jobs, events, progressOf: (id: string) => events.filter(([e, p]) => e === 'job:progress' && (p as { jobId: string }).jobId === id).map(([, p]) => p as EventPayload<'job:progress'>) };
}

describe('JobService', () => {
  it('throttles progress per job to about 200 events, always sending a new total, a new phase and the last report', async () => {
    const { jobs, progressOf } = recorder();
    await jobs.run('evaluation', { jobId: 'big', label: 'big' }, async (job) => {
      job.progress(0, 0, { phase: 'index' });
      for (let i = 0; i <= 10_000; i++) job.progress(i, 10_000, { phase: 'episodes' });
    });
    const seen = progressOf('big');
    expect(seen.length).toBeGreaterThan(150);
    expect(seen.length).toBeLessThanOrEqual(203);
    expect(seen[0]).toMatchObject({ done: 0, total: 0, phase: 'index' });
    expect(seen[1]).toMatchObject({ done: 0, total: 10_000, phase: 'episodes' });
    expect(seen.at(-1)).toMatchObject({ done: 10_000, total: 10_000 });
  });

  it('cancels by id: only that job fails as cancelled, the other finishes; ids must be unique while running', async () => {
    const { jobs, events } = recorder();
    const hold = (job: { signal: AbortSignal }, ms: number) => new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => resolve('finished'), ms);
      job.signal.addEventListener('abort', () => { clearTimeout(t); reject(new Error('stopped')); }, { once: true });
    });
    const a = jobs.run('ocr', { jobId: 'a', label: 'OCR of A' }, (job) => hold(job, 10_000));
    const b = jobs.run('ocr', { jobId: 'b', label: 'OCR of B' }, (job) => hold(job, 30));
    await expect(jobs.run('ocr', { jobId: 'a', label: 'again' }, async () => 1)).rejects.toMatchObject({ code: 'bad-request' });
    expect(jobs.list().map((j) => j.jobId)).toEqual(['a', 'b']);
    expect(jobs.cancel('a')).toBe(true);
    await expect(a).rejects.toMatchObject({ code: 'cancelled', message: expect.stringContaining('OCR of A') });
    await expect(b).resolves.toBe('finished');
    expect(jobs.cancel('a')).toBe(false);
    expect(jobs.list()).toEqual([]);
    const done = events.filter(([e]) => e === 'job:done').map(([, p]) => p);
    expect(done).toEqual([
      { jobId: 'a', kind: 'ocr', ok: false, error: { code: 'cancelled', message: expect.stringContaining('cancelled') } },
      { jobId: 'b', kind: 'ocr', ok: true },
    ]);
  });

  it('refuses malformed job ids and makes one when none is given', async () => {
    const { jobs } = recorder();
    await expect(jobs.run('ocr', { jobId: '../x y', label: 'x' }, async () => 1)).rejects.toMatchObject({ code: 'bad-request' });
    let id = '';
    await jobs.run('ocr', { label: 'x' }, async (job) => { id = job.jobId; });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs at most `concurrency` CPU-bound jobs at once; the rest wait in order as "queued", a cancelled waiting one never starts, one past the queue is refused', async () => {
    const events: Array<[EventName, unknown]> = [];
    const jobs = new JobService(<E extends EventName>(e: E, p: EventPayload<E>) => void events.push([e, p]), { concurrency: 2, maxQueued: 3 });
    let running = 0;
    let peak = 0;
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const work = (id: string) => jobs.run('evaluation', { jobId: id, label: `job ${id}` }, async () => {
      started.push(id);
      peak = Math.max(peak, ++running);
      await new Promise<void>((r) => gates.set(id, r));
      running--;
      return id;
    });
    const all = ['a', 'b', 'c', 'd', 'e'].map(work);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b']);
    const queued = events.filter(([e, p]) => e === 'job:progress' && (p as { phase?: string }).phase === 'queued').map(([, p]) => (p as { jobId: string }).jobId);
    expect(queued).toEqual(['c', 'd', 'e']);
    expect(jobs.list().find((j) => j.jobId === 'd')).toMatchObject({ phase: 'queued' });
    // Back-pressure: three wait already.
    await expect(jobs.run('evaluation', { jobId: 'f', label: 'job f' }, async () => 'f')).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('2 jobs are running and 3 are waiting') });
    // Device-bound work is not queued behind CPU work.
    await expect(jobs.run('run', { jobId: 'device', label: 'run' }, async () => 'ran')).resolves.toBe('ran');
    expect(jobs.cancel('d')).toBe(true);
    await expect(all[3]).rejects.toMatchObject({ code: 'cancelled' });
    gates.get('a')!();
    await all[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b', 'c']);
    expect(jobs.list().find((j) => j.jobId === 'c')?.phase).toBeUndefined();
    for (const id of ['b', 'c']) gates.get(id)!();
    await new Promise((r) => setImmediate(r));
    gates.get('e')!();
    expect(await all[4]).toBe('e');
    expect(started).toEqual(['a', 'b', 'c', 'e']);
    expect(peak).toBe(2);
    expect(jobs.list()).toEqual([]);
  });
});
