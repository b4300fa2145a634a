import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '../api/client';
import { startTestServer, type TestServer } from '../api/testing/test-server';
import { createAppStore, type AppStore } from './create-store';

const EPISODES_PATH = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes');
// The core reports roots by their real path; shared/ may be reached through a symlink.
const EPISODES = existsSync(EPISODES_PATH) ? realpathSync(EPISODES_PATH) : EPISODES_PATH;

describe.skipIf(!existsSync(EPISODES))(`store flows against the real server${existsSync(EPISODES) ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let tmp: string;
  let store: AppStore;
  let real: TestServer;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-store-'));
    real = await startTestServer(tmp);
    store = createAppStore(createClient(real.transport));
  });
  afterAll(async () => {
    await real?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('boots, opens a folder, selects its first task and loads step 0 components', async () => {
    await store.getState().boot();
    expect(store.getState()).toMatchObject({ bootStatus: 'ready', info: { mode: 'web' }, recent: [] });
    await store.getState().openPath(`  ${EPISODES}  `);
    const s = store.getState();
    expect(s).toMatchObject({ datasetStatus: 'ready', taskPath: 'trace_18', episodeStatus: 'ready', step: 0, hierarchyStatus: 'ready' });
    expect(s.screens).toHaveLength(5);
    expect(s.hierarchy?.components).toHaveLength((JSON.parse(readFileSync(join(EPISODES, 'trace_18', '0.json'), 'utf8')) as unknown[]).length);
    expect(s.recent.map((r) => r.path)).toEqual([s.dataset?.root]);
  });

  it('clamps step selection to the episode and clears the pinned component', async () => {
    store.getState().select(3);
    await store.getState().selectStep(99);
    expect(store.getState()).toMatchObject({ step: 4, selected: null, hierarchyStatus: 'ready' });
    await store.getState().selectStep(-1);
    expect(store.getState().step).toBe(0);
  });

  it('the task list learns the errors found when an episode loads (a truncated XML), keeping its annotation count', async () => {
    const root = join(tmp, 'broken');
    const ep = join(root, 'general', 'trace_18');
    mkdirSync(ep, { recursive: true });
    cpSync(join(EPISODES, 'trace_18'), ep, { recursive: true });
    rmSync(join(ep, '3.vh'));
    rmSync(join(ep, '3.json')); // numbers then come from the XML, which loading must parse
    const xml = readFileSync(join(ep, '3.xml'), 'utf8');
    writeFileSync(join(ep, '3.xml'), xml.slice(0, xml.length >> 1));
    await store.getState().openPath(root);
    const t = store.getState().dataset?.tasks[0];
    expect(t).toMatchObject({ status: 'error', annotatedSteps: 1, errors: 1 });
    expect(t?.problems.find((p) => p.severity === 'error')).toMatchObject({ file: 'general/trace_18/3.xml', step: 3, message: expect.stringMatching(/Truncated/) });
    await store.getState().openPath(EPISODES);
  });

  it('shows the progress of a big open and cancels it, keeping the dataset that was open and showing no error', async () => {
    const root = join(tmp, 'big');
    for (let i = 0; i < 400; i++) {
      mkdirSync(join(root, `trace_${i}`), { recursive: true });
      linkSync(join(EPISODES, 'trace_18', '0.png'), join(root, `trace_${i}`, '0.png'));
    }
    const shown: number[] = [];
    const unsub = store.subscribe((st) => {
      if (!st.progress || st.progress.phase !== 'episodes') return;
      shown.push(st.progress.done);
      if (!st.cancelling) void st.cancelOpen();
    });
    try {
      await store.getState().openPath(root);
    } finally {
      unsub();
    }
    expect(shown.length).toBeGreaterThan(0);
    expect(Math.max(...shown)).toBeLessThan(400);
    expect(store.getState()).toMatchObject({ datasetStatus: 'ready', datasetError: null, progress: null, cancelling: false, taskPath: 'trace_18' });
    expect(store.getState().dataset?.root).toBe(EPISODES);
  });

  it('shows the core error when a folder cannot be opened, keeping the open dataset', async () => {
    await store.getState().openPath(join(tmp, 'nope'));
    expect(store.getState()).toMatchObject({ datasetStatus: 'error', datasetError: expect.stringContaining('no such folder'), taskPath: 'trace_18' });
    expect(store.getState().dataset?.root).toBe(EPISODES);
  });
  it('checks a dataset with a truncated XML: progress, the located problem, and going to it selects that task and step', async () => {
    const root = join(tmp, 'to-check');
    const ep = join(root, 'general', 'trace_18');
    mkdirSync(ep, { recursive: true });
    cpSync(join(EPISODES, 'trace_18'), ep, { recursive: true });
    const xml = readFileSync(join(ep, '3.xml'), 'utf8');
    writeFileSync(join(ep, '3.xml'), xml.slice(0, xml.length >> 1));
    await store.getState().openPath(root);
    await store.getState().selectStep(1);
    const seen: number[] = [];
    const unsub = store.subscribe((st) => {
      if (st.checkProgress) seen.push(st.checkProgress.done);
    });
    try {
      await store.getState().runCheck();
    } finally {
      unsub();
    }
    const s = store.getState();
    expect(s).toMatchObject({ checkStatus: 'ready', checkOpen: true, checkError: null });
    expect(seen.at(-1)).toBe(1);
    const p = s.checkReport?.problems.find((x) => x.file === 'general/trace_18/3.xml');
    expect(p).toMatchObject({ severity: 'error', step: 3 });
    await s.goToProblem(p!.file, p!.step);
    expect(store.getState()).toMatchObject({ taskPath: 'general/trace_18', step: 3 });
    await store.getState().openPath(EPISODES);
    expect(store.getState()).toMatchObject({ checkStatus: 'idle', checkReport: null });
  });
  it('cancels a running dataset check on request: status cancelled, no report, no error', async () => {
    const root = join(tmp, 'big-check');
    for (let i = 0; i < 300; i++) {
      mkdirSync(join(root, `trace_${i}`), { recursive: true });
      linkSync(join(EPISODES, 'trace_18', '0.png'), join(root, `trace_${i}`, '0.png'));
    }
    await store.getState().openPath(root);
    const shown: number[] = [];
    const unsub = store.subscribe((st) => {
      if (!st.checkProgress || st.checkStatus !== 'loading') return;
      shown.push(st.checkProgress.done);
      if (st.checkProgress.done > 0) void st.cancelCheck();
    });
    try {
      await store.getState().runCheck();
    } finally {
      unsub();
    }
    expect(Math.max(...shown)).toBeLessThan(300);
    expect(store.getState()).toMatchObject({ checkStatus: 'cancelled', checkReport: null, checkError: null, checkOpen: true });
    await store.getState().openPath(EPISODES);
  });
});
