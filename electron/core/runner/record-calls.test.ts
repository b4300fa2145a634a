import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { AppService } from '../../kernel/types';
import { startRunFixture, type RunFixture } from './testing/run-fixture';
import { openRunService, type RunService } from './testing/run-service';

/** Every file and folder under `dir` with its size and mtime, to show a call wrote nothing. */
const snapshot = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      out.push(`${relative(dir, p)} ${st.isDirectory() ? 'dir' : `${st.size} ${st.mtimeMs}`}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
};

describe.skipIf(!HAVE_ADB)('recording from the run view: named, undo, discard; run output folder (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let service: AppService;
  let app: RunService | undefined;
  let datasetId: string;
  let serial: string;
  const tapOn = async (label: string): Promise<{ kind: 'tap'; x: number; y: number }> => {
    const c = (await service.calls['device:hierarchy']({ serial })).find((x) => x.label === label);
    if (!c) throw new Error(`no component "${label}" on screen`);
    const [x1, y1, x2, y2] = c.bounds;
    return { kind: 'tap', x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
  };

  beforeAll(async () => {
    fx = await startRunFixture(0, { only: ['demo01'] });
    app = await openRunService(fx);
    ({ service, datasetId } = app);
    serial = (await service.calls['device:startVirtual']({ world: 'demo' })).serial;
  }, 120_000);
  afterAll(async () => { await (app ? app.close() : fx?.stop()); });

  it('refuses a recording without a task id, instruction or app, or with a taken id, before writing anything', async () => {
    const before = snapshot(fx.dataset);
    const start = (o: { episode?: string; description?: string; app?: string; category?: string }) => service.calls['run:recordStart']({ datasetId, device: serial, episode: 'ok1', description: 'Open Settings', app: 'com.android.settings', ...o });
    await expect(start({ episode: ' ' })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/Name the task first/) });
    await expect(start({ app: '' })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/Name the app/) });
    await expect(start({ description: '' })).rejects.toThrow(/Describe the task first/);
    await expect(start({ episode: 'a/b' })).rejects.toThrow(/letters, digits/);
    await expect(start({ episode: 'demo01' })).rejects.toThrow(/general\/trace_demo01 already exists/);
    await expect(start({ episode: 'demo01', category: 'other' })).rejects.toThrow(/already has a task "demo01"/);
    await expect(service.calls['run:recordStart']({ datasetId, device: serial, description: 'x' } as never)).rejects.toThrow(/Invalid arguments for run:recordStart/);
    expect(snapshot(fx.dataset)).toEqual(before);
  });

  it('undoes the last action: its files and line go, BACK returns the device to the previous screen, and the save has the rest', async () => {
    await service.calls['device:input']({ serial, input: { kind: 'home' } });
    const s0 = await service.calls['run:recordStart']({ datasetId, device: serial, episode: 'undo1', description: 'Open Settings', app: 'com.android.settings', category: 'mine' });
    expect(s0).toMatchObject({ step: 0 });
    const s1 = await service.calls['run:recordAct']({ sessionId: s0.sessionId, input: await tapOn('Settings') });
    expect(s1.activity).toMatch(/settings/i);
    const dir = join(fx.dataset, 'mine', 'trace_undo1');
    expect(existsSync(join(dir, '1.png'))).toBe(true);
    const u = await service.calls['run:recordUndo']({ sessionId: s0.sessionId });
    expect(u).toMatchObject({ step: 0, pressedBack: true, restored: true, activity: s0.activity });
    expect(readdirSync(dir).filter((f) => f.startsWith('1.'))).toEqual([]);
    expect(readFileSync(join(dir, 'eventStructs.txt'), 'utf8').trim()).toBe('');
    await expect(service.calls['run:recordUndo']({ sessionId: s0.sessionId })).rejects.toThrow(/Nothing to undo/);
    // Record again from the restored screen, then save: two screens, one action.
    const again = await service.calls['run:recordAct']({ sessionId: s0.sessionId, input: await tapOn('Settings') });
    expect(again.step).toBe(1);
    expect(await service.calls['run:recordSave']({ sessionId: s0.sessionId })).toEqual({ path: 'mine/trace_undo1', steps: 2 });
    expect(readFileSync(join(dir, 'eventStructs.txt'), 'utf8').trim().split('\n')).toHaveLength(1);
    const row = readFileSync(join(fx.dataset, 'llamatouch_task_metadata.tsv'), 'utf8').split('\n').find((l) => l.startsWith('undo1\t'));
    expect(row?.split('\t')).toEqual(['undo1', 'mine', 'mine/trace_undo1', 'Open Settings', '2', 'com.android.settings']);
    await expect(service.calls['run:recordStart']({ datasetId, device: serial, episode: 'undo1', description: 'Again', app: 'x', category: 'other' })).rejects.toThrow(/already has a task "undo1"/);
  }, 120_000);

  it('discards a recording: the dataset folder is as before, files and folders it created are gone', async () => {
    await service.calls['device:input']({ serial, input: { kind: 'home' } });
    const before = snapshot(fx.dataset);
    const s0 = await service.calls['run:recordStart']({ datasetId, device: serial, episode: 'gone1', description: 'Open Settings', app: 'com.android.settings', category: 'scratch' });
    await service.calls['run:recordAct']({ sessionId: s0.sessionId, input: await tapOn('Settings') });
    expect(existsSync(join(fx.dataset, 'scratch', 'trace_gone1', '1.png'))).toBe(true);
    expect(await service.calls['run:recordDiscard']({ sessionId: s0.sessionId })).toBe(true);
    expect(snapshot(fx.dataset)).toEqual(before);
    await expect(service.calls['run:recordSave']({ sessionId: s0.sessionId })).rejects.toThrow(/No such recording/);
  }, 120_000);

  it('writes a run into the output folder chosen inside the dataset, and refuses one outside it or the dataset itself', async () => {
    await expect(service.calls['run:start']({ datasetId, tasks: ['demo01'], agents: ['noop'], devices: [serial], maxSteps: 1, out: '../elsewhere' })).rejects.toMatchObject({ code: 'refused' });
    await expect(service.calls['run:start']({ datasetId, tasks: ['demo01'], agents: ['noop'], devices: [serial], maxSteps: 1, out: '.' })).rejects.toThrow(/not the dataset folder itself/);
    const r = await service.calls['run:start']({ datasetId, tasks: ['demo01'], agents: ['noop'], devices: [serial], maxSteps: 1, out: 'runs/mine' });
    expect(r.out).toBe('runs/mine');
    expect(r.episodes.map((e) => e.trace.startsWith('runs/mine/'))).toEqual([true]);
    expect(existsSync(join(fx.dataset, r.episodes[0]!.trace))).toBe(true);
    const d = await service.calls['run:start']({ datasetId, tasks: ['demo01'], agents: ['noop'], devices: [serial], maxSteps: 1 });
    expect(d.out).toMatch(/^runs\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
  }, 120_000);
});
