import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EventName } from '../../../shared/contract';
import { createAppService } from './app-service';
import type { AppService } from './types';

const EPISODES = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes');
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

  it('opens the fixture folder in place, lists trace_18 as annotated and reports progress', async () => {
    const ds = await service.calls['dataset:open']({ path: EPISODES });
    const t = ds.tasks.find((x) => x.path === 'trace_18');
    expect(t).toMatchObject({ status: 'annotated', annotatedSteps: 1, stepsOnDisk: 5, errors: 0 });
    expect(events.at(-1)).toEqual(['dataset:progress', { path: ds.root, done: ds.tasks.length, total: ds.tasks.length, phase: 'done' }]);
    expect(await service.calls['dataset:summary']({ datasetId: ds.id })).toEqual(ds);
    expect((await service.calls['dataset:recent']({}))[0].path).toBe(ds.root);
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

  it.each([
    { call: 'episode:load', args: { path: '../..' }, code: 'refused' },
    { call: 'episode:load', args: { path: '/etc' }, code: 'refused' },
    { call: 'episode:screens', args: { path: 'trace_18/../../..' }, code: 'refused' },
    { call: 'episode:hierarchy', args: { path: 'trace_18', step: -1 }, code: 'bad-request' },
    { call: 'episode:load', args: { path: '' }, code: 'bad-request' },
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
