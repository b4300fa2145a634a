import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EventName, EventPayload } from '../shared/contract';
import { createAppService } from './app';
import type { AppService } from './kernel/types';

const EPISODES_PATH = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes');
// The core reports roots by their real path; shared/ may be reached through a symlink.
const EPISODES = existsSync(EPISODES_PATH) ? realpathSync(EPISODES_PATH) : EPISODES_PATH;
const TRACE_18 = join(EPISODES, 'trace_18');

describe.skipIf(!existsSync(TRACE_18))(`app service over the real trace_18${existsSync(TRACE_18) ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let tmp: string;
  let service: AppService;
  const events: Array<[EventName, unknown]> = [];

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-app-'));
    service = createAppService({ mode: 'web', stateDir: join(tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    service.subscribe((e, p) => events.push([e, p]));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('opens the fixture folder in place as a job, lists trace_18 as annotated and reports progress', async () => {
    const ds = await service.calls['dataset:open']({ path: EPISODES, jobId: 'open-1' });
    const t = ds.tasks.find((x) => x.path === 'trace_18');
    expect(t).toMatchObject({ status: 'annotated', annotatedSteps: 1, stepsOnDisk: 5, errors: 0 });
    const mine = events.filter(([, p]) => (p as { jobId?: string }).jobId === 'open-1');
    expect(mine.at(-2)).toEqual(['job:progress', { jobId: 'open-1', kind: 'dataset:open', phase: 'episodes', done: ds.tasks.length, total: ds.tasks.length }]);
    expect(mine.at(-1)).toEqual(['job:done', { jobId: 'open-1', kind: 'dataset:open', ok: true }]);
    expect(await service.calls['job:list']({})).toEqual([]);
    expect(await service.calls['dataset:summary']({ datasetId: ds.id })).toEqual(ds);
    expect((await service.calls['dataset:recent']({}))[0].path).toBe(ds.root);
  });

  it('opens the real 495-row index: every task listed, each missing folder an error naming its index line', async () => {
    const ds = await service.calls['dataset:open']({ path: join(EPISODES, '..') });
    expect(ds.columns).toBe(6);
    expect(ds.tasks).toHaveLength(495);
    expect(ds.tasks[0]).toMatchObject({ episode: '84143002711104077', path: 'general/trace_11', app: 'Settings', nsteps: 4, status: 'error', errors: 1 });
    expect(ds.tasks[0].problems[0]).toMatchObject({ file: 'llamatouch_task_metadata.tsv', line: 2, message: expect.stringContaining('general/trace_11'), hint: expect.stringContaining('index') });
    expect(ds.tasks.every((t, i) => t.problems[0]?.line === i + 2)).toBe(true);
    expect(ds.problems).toContainEqual(expect.objectContaining({ severity: 'warning', message: '495 of the 495 episode folders the index lists are missing or empty.', hint: expect.stringContaining('dataset root') }));
  });

  it('loads the episode with its .ess and actions, screens as URLs and numbered components from i.json', async () => {
    const ds = await service.calls['dataset:open']({ path: EPISODES });
    const ep = await service.calls['episode:load']({ datasetId: ds.id, path: 'trace_18' });
    expect(ep.steps).toHaveLength(5);
    expect(ep.steps[2].ess).toBe(readFileSync(join(TRACE_18, '2.ess'), 'utf8').replace(/\r?\n$/, ''));
    expect(ep.steps[0].action).toEqual({ kind: 'home' });
    const screens = await service.calls['episode:screens']({ datasetId: ds.id, path: 'trace_18' });
    expect(screens.map((s) => s.url)).toEqual([0, 1, 2, 3, 4].map((i) => `/files/${ds.id}/trace_18/${i}.png`));
    for (const step of [0, 1, 2, 3, 4]) {
      const h = await service.calls['episode:hierarchy']({ datasetId: ds.id, path: 'trace_18', step });
      const expected = JSON.parse(readFileSync(join(TRACE_18, `${step}.json`), 'utf8')) as Array<{ id: number; bounds: string }>;
      expect(h.source).toBe('i.json');
      expect(h.components.map((c) => [c.id, c.bounds])).toEqual(expected.map((c) => [c.id, c.bounds]));
    }
    expect(await service.resolveScreenFile(ds.id, 'trace_18/2.png')).toBe(join(ds.root, 'trace_18', '2.png'));
  });

  it('derives numbers from the hierarchy when a step has no i.json', async () => {
    const root = join(tmp, 'derived');
    mkdirSync(join(root, 'ep'), { recursive: true });
    for (const f of ['0.png', '0.xml', 'instruction.txt']) cpSync(join(TRACE_18, f), join(root, 'ep', f));
    const ds = await service.calls['dataset:open']({ path: root });
    const h = await service.calls['episode:hierarchy']({ datasetId: ds.id, path: 'ep', step: 0 });
    expect(h.source).toBe('xml');
    expect(h.components.length).toBeGreaterThan(0);
    expect(h.components.map((c) => c.id)).toEqual(h.components.map((_, i) => i));
  });

  it('gives the device size the bounds are in, also for a screenshot saved at half size', async () => {
    const root = join(tmp, 'downscaled');
    mkdirSync(join(root, 'ep'), { recursive: true });
    for (const f of ['0.xml', '0.json', 'instruction.txt']) cpSync(join(TRACE_18, f), join(root, 'ep', f));
    const full = await loadImage(join(TRACE_18, '0.png'));
    const half = createCanvas(full.width / 2, full.height / 2);
    half.getContext('2d').drawImage(full, 0, 0, half.width, half.height);
    writeFileSync(join(root, 'ep', '0.png'), half.toBuffer('image/png'));
    const ds = await service.calls['dataset:open']({ path: root });
    const h = await service.calls['episode:hierarchy']({ datasetId: ds.id, path: 'ep', step: 0 });
    expect(h.source).toBe('i.json');
    expect(h.screen).toEqual({ width: full.width, height: full.height });
    const real = await service.calls['dataset:open']({ path: EPISODES });
    expect((await service.calls['episode:hierarchy']({ datasetId: real.id, path: 'trace_18', step: 0 })).screen).toEqual({ width: 1080, height: 2400 });
  });

  it('lists an episode with a damaged .ess with its located error, keeps its annotation count and still shows the line', async () => {
    const root = join(tmp, 'broken-ess');
    mkdirSync(join(root, 'ep'), { recursive: true });
    for (const f of ['0.png', '0.json', '1.png', '1.json', 'instruction.txt']) cpSync(join(TRACE_18, f), join(root, 'ep', f));
    writeFileSync(join(root, 'ep', '1.ess'), 'activity<0>|exact<3|click<2>\n');
    const ds = await service.calls['dataset:open']({ path: root });
    const task = ds.tasks.find((t) => t.path === 'ep');
    expect(task).toMatchObject({ status: 'error', annotatedSteps: 1, errors: 1 });
    expect(task?.problems).toEqual([expect.objectContaining({ severity: 'error', file: 'ep/1.ess', line: 1, step: 1, message: expect.stringMatching(/Malformed essential state/), hint: expect.any(String) })]);
    const ep = await service.calls['episode:load']({ datasetId: ds.id, path: 'ep' });
    expect(ep.steps[1].ess).toBe('activity<0>|exact<3|click<2>');
    expect(ep.steps[1].essError).toMatch(/^ep\/1\.ess:1 \(step 1\): Malformed essential state/);
    expect(readFileSync(join(root, 'ep', '1.ess'), 'utf8')).toBe('activity<0>|exact<3|click<2>\n'); // reading never rewrites it
  });

  it('stops a scan on job:cancel: the open fails as cancelled, nothing is registered, a later open works', async () => {
    const root = join(tmp, 'many');
    for (let i = 0; i < 60; i++) {
      mkdirSync(join(root, `trace_${i}`), { recursive: true });
      linkSync(join(TRACE_18, '0.png'), join(root, `trace_${i}`, '0.png'));
    }
    const seen: Array<{ done: number; total: number }> = [];
    const listed: unknown[] = [];
    const off = service.subscribe((event, data) => {
      if (event !== 'job:progress') return;
      const payload = data as EventPayload<'job:progress'>;
      if (payload.jobId !== 'open-many' || payload.phase !== 'episodes') return;
      seen.push(payload);
      if (seen.length === 1) {
        void service.calls['job:list']({}).then((l) => listed.push(...l));
        void service.calls['job:cancel']({ jobId: 'open-many' });
      }
    });
    try {
      await expect(service.calls['dataset:open']({ path: root, jobId: 'open-many' })).rejects.toMatchObject({ code: 'cancelled', message: expect.stringContaining('cancelled') });
    } finally {
      off();
    }
    expect(seen.at(-1)!.done).toBeLessThan(60);
    expect(listed).toEqual([expect.objectContaining({ jobId: 'open-many', kind: 'dataset:open', label: expect.stringContaining(root) })]);
    expect((await service.calls['dataset:recent']({})).map((r) => r.path)).not.toContain(root);
    expect(await service.calls['job:cancel']({ jobId: 'open-many' })).toEqual({ cancelled: false });
    expect((await service.calls['dataset:open']({ path: root })).tasks).toHaveLength(60);
  });

  it('resolves the .ess of trace_18 step 2 in episode:hierarchy: the index and the xpath click name i.json components', async () => {
    const ds = await service.calls['dataset:open']({ path: EPISODES });
    const h = await service.calls['episode:hierarchy']({ datasetId: ds.id, path: 'trace_18', step: 2 });
    const json = JSON.parse(readFileSync(join(TRACE_18, '2.json'), 'utf8')) as Array<{ id: number; bounds: string }>;
    expect(h.ess?.map((v) => v.keyword)).toEqual(['activity', 'exact', 'click']);
    expect(h.ess?.[1]).toMatchObject({ primitive: 'exact', target: '#1', componentIds: [json[1].id] });
    expect(h.ess?.[2]).toMatchObject({ primitive: 'click', componentIds: [expect.any(Number)] });
    expect(h.ess?.[2].target).toMatch(/^\/\/\*\[@resource-id="com.duolingo:id\/path"\]/);
    expect(h.ess?.every((v) => v.problem === undefined)).toBe(true);
    expect((await service.calls['episode:hierarchy']({ datasetId: ds.id, path: 'trace_18', step: 1 })).ess).toBeUndefined();
  });

  it('dataset:check reports counts and progress as a job; job:cancel stops a running check as cancelled', async () => {
    const ds = await service.calls['dataset:open']({ path: EPISODES });
    const seen: Array<EventPayload<'job:progress'>> = [];
    const off = service.subscribe((event, data) => {
      if (event === 'job:progress' && (data as EventPayload<'job:progress'>).kind === 'dataset:check') seen.push(data as EventPayload<'job:progress'>);
    });
    try {
      const report = await service.calls['dataset:check']({ datasetId: ds.id, jobId: 'check-1' });
      expect(report.counts).toMatchObject({ episodes: ds.tasks.length, annotatedSteps: expect.any(Number) });
      expect(report.counts.steps).toBeGreaterThanOrEqual(5);
      expect(seen.at(-1)).toEqual({ jobId: 'check-1', kind: 'dataset:check', done: ds.tasks.length, total: ds.tasks.length });
      seen.length = 0;
      const running = service.calls['dataset:check']({ datasetId: ds.id, jobId: 'check-2' });
      expect(await service.calls['job:cancel']({ jobId: 'check-2' })).toEqual({ cancelled: true });
      await expect(running).rejects.toMatchObject({ code: 'cancelled' });
      expect(await service.calls['job:cancel']({ jobId: 'check-2' })).toEqual({ cancelled: false });
    } finally {
      off();
    }
  });

  it.each([
    { call: 'episode:load', args: { path: '../..' }, code: 'refused' },
    { call: 'episode:load', args: { path: '/etc' }, code: 'refused' },
    { call: 'episode:screens', args: { path: 'trace_18/../../..' }, code: 'refused' },
    { call: 'episode:hierarchy', args: { path: 'trace_18', step: -1 }, code: 'invalid-argument' },
    { call: 'episode:load', args: { path: '' }, code: 'invalid-argument' },
  ] as const)('$call with $args fails as $code', async ({ call, args, code }) => {
    const ds = await service.calls['dataset:open']({ path: EPISODES });
    const fn = service.calls[call] as (a: unknown) => Promise<unknown>;
    await expect(fn({ datasetId: ds.id, ...args })).rejects.toMatchObject({ code });
  });

  it('refuses files that are not screenshots, unknown datasets and folders that do not exist', async () => {
    const ds = await service.calls['dataset:open']({ path: EPISODES });
    await expect(service.resolveScreenFile(ds.id, 'trace_18/2.ess')).rejects.toMatchObject({ code: 'refused' });
    await expect(service.resolveScreenFile('nope', 'trace_18/2.png')).rejects.toMatchObject({ code: 'not-found' });
    await expect(service.calls['dataset:open']({ path: join(tmp, 'missing') })).rejects.toMatchObject({ code: 'not-found' });
    await expect(service.calls['dataset:pickFolder']({})).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('with --root, opening a folder outside it is refused', async () => {
    const confined = createAppService({ mode: 'web', stateDir: join(tmp, 'state2'), fileUrl: () => '', allowedRoots: [EPISODES] });
    expect((await confined.calls['app:info']({})).startRoots).toEqual([EPISODES]);
    await expect(confined.calls['dataset:open']({ path: tmp })).rejects.toMatchObject({ code: 'refused', message: expect.stringContaining('--root') });
    await expect(confined.calls['dataset:open']({ path: join(EPISODES, 'trace_18', '..') })).resolves.toMatchObject({ root: EPISODES });
  });
});
