import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import { listRecentRuns, RecentRunFolders, runColumns } from './recent-runs';

/** Writes `<root>/<rel>/episode.json` with an outcome, a verdict (or none) and an end time. */
function episode(root: string, rel: string, e: { outcome?: string; completed?: boolean; endedAt?: string; startedAt?: string } = {}): void {
  const file = join(root, rel, 'episode.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({
    format: 'touchstone-episode/1', outcome: e.outcome ?? 'finished', ...(e.startedAt ? { startedAt: e.startedAt } : {}), ...(e.endedAt ? { endedAt: e.endedAt } : {}),
    ...(e.completed !== undefined ? { evaluation: { method: 'essential', completed: e.completed, matched: 0, total: 1 } } : {}),
  }));
}

describe('recent runs: run folders of a dataset read from their episode.json files', () => {
  let tmp: string;
  let root: string;
  let outside: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-recent-runs-'));
    root = join(tmp, 'ds');
    outside = join(tmp, 'elsewhere');
    mkdirSync(root);
    writeFileSync(join(root, 'llamatouch_task_metadata.tsv'), 'episode\tcategory\tpath\tdescription\tnsteps\tapp\n');
    // An older run of two agents, one episode still incomplete.
    episode(root, 'runs/a/replay/r1/demo01', { completed: true, endedAt: '2026-11-01T10:00:00.000Z' });
    episode(root, 'runs/a/replay/r2/demo01', { completed: false, endedAt: '2026-11-01T10:01:00.000Z' });
    episode(root, 'runs/a/noop/r1/demo01', { outcome: 'incomplete', startedAt: '2026-11-01T09:59:00.000Z' });
    // A newer run under a device configuration, with a canary that quarantined one task (its replays are not the run's).
    episode(root, 'runs/b/dark/replay/r1/demo02', { completed: true, endedAt: '2026-11-02T09:00:00.000Z' });
    episode(root, 'runs/b/canary/kind1/replay/r1/demo03', { completed: false, endedAt: '2026-11-02T08:00:00.000Z' });
    writeFileSync(join(root, 'runs/b/canary/canary.json'), JSON.stringify({ quarantined: [{ episode: 'demo03' }] }));
    // A chosen output folder outside runs/, a folder with no episode, a half-written episode.json, and a link out of the dataset.
    episode(root, 'mine/out/replay/r1/demo01', { endedAt: '2026-11-03T09:00:00.000Z' });
    mkdirSync(join(root, 'runs/empty/replay/r1'), { recursive: true });
    mkdirSync(join(root, 'runs/half/replay/r1/demo01'), { recursive: true });
    writeFileSync(join(root, 'runs/half/replay/r1/demo01/episode.json'), '{"format":');
    episode(outside, 'replay/r1/demo09', { completed: true, endedAt: '2026-12-01T00:00:00.000Z' });
    symlinkSync(outside, join(root, 'runs/link'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('lists agent columns, and agent@config columns under a configuration; the canary folder is not a column', async () => {
    expect(await runColumns(root, 'runs/a')).toEqual([{ name: 'noop', path: 'noop' }, { name: 'replay', path: 'replay' }]);
    expect(await runColumns(root, 'runs/b')).toEqual([{ name: 'replay@dark', path: 'dark/replay' }]);
  });

  it('newest first, with counts and the canary; folders without episodes, half-written files and links out of the dataset are left out', async () => {
    const runs = await listRecentRuns(root, ['mine/out', '../elsewhere'], 20);
    expect(runs.map((r) => r.out)).toEqual(['mine/out', 'runs/b', 'runs/a']);
    expect(runs[2]).toEqual({
      out: 'runs/a', columns: [{ name: 'noop', path: 'noop' }, { name: 'replay', path: 'replay' }],
      episodes: 3, evaluated: 2, completed: 1, incomplete: 1, endedAt: '2026-11-01T10:01:00.000Z',
    });
    expect(runs[1]).toMatchObject({ out: 'runs/b', episodes: 1, completed: 1, quarantined: 1, endedAt: '2026-11-02T09:00:00.000Z' });
    expect(runs[0]).toMatchObject({ out: 'mine/out', episodes: 1, evaluated: 0 });
    expect((await listRecentRuns(root, [], 1)).map((r) => r.out)).toEqual(['runs/b']);
  });

  it('remembers chosen output folders per dataset, newest first, across instances (the state file)', async () => {
    const state = join(tmp, 'state');
    await new RecentRunFolders(state).remember(root, 'mine/out');
    await new RecentRunFolders(state).remember(root, 'other');
    await new RecentRunFolders(state).remember(root, 'mine/out');
    expect(await new RecentRunFolders(state).list(root)).toEqual(['mine/out', 'other']);
    expect(await new RecentRunFolders(state).list(join(tmp, 'another'))).toEqual([]);
  });

  describe('run:recent through the app service (the contract checks its arguments)', () => {
    let service: AppService;
    beforeAll(() => { service = createAppService({ mode: 'web', stateDir: join(tmp, 'state'), fileUrl: () => '' }); });
    afterAll(async () => { await service.close?.(); });

    it('answers the dataset\'s runs with the remembered folder; refuses a bad limit', async () => {
      const ds = await service.calls['dataset:open']({ path: root });
      expect((await service.calls['run:recent']({ datasetId: ds.id })).map((r) => r.out)).toEqual(['mine/out', 'runs/b', 'runs/a']);
      expect(await service.calls['run:recent']({ datasetId: ds.id, limit: 2 })).toHaveLength(2);
      await expect(service.calls['run:recent']({ datasetId: ds.id, limit: 0 })).rejects.toThrow(/limit/);
    });
  });
});
