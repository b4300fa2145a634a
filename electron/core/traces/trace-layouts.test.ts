import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { detectLayout, findTraces, readTrace } from './trace-layouts';
import { buildTrace } from '../evaluation/testing/build-trace';
import { FIXTURES, TRACE_18, tempDir } from '../evaluation/testing/temp-dataset';

const DROIDBOT = path.join(FIXTURES, 'droidbot');
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(DROIDBOT))('DroidBot / AutoDroid native output (real run in ../shared/fixtures/droidbot)', () => {
  it('is detected and read: one step per state, actions from the events, activity from the state', async () => {
    expect(detectLayout(DROIDBOT)).toBe('droidbot');
    const t = await readTrace({ episode: 'chat', dir: DROIDBOT, layout: 'droidbot', via: 'test' });
    expect(t.steps).toHaveLength(4);
    expect(t.steps[0]?.activity).toBe('com.example.chatter/.Splash');
    const a0 = t.steps[0]!.action;
    expect(a0.kind).toBe('click');
    // The touch hit the logo, bounds [[141,600],[579,832]] on a 720x1640 screen: its centre, normalised.
    if (a0.kind === 'click') expect([a0.at.x, a0.at.y]).toEqual([(141 + 579) / 2 / 720, (600 + 832) / 2 / 1640]);
    expect(t.steps[1]!.action).toMatchObject({ kind: 'type', text: 'saimon@gmail.com' });
    expect(t.steps[0]!.hierarchy?.nodes.some((n) => n.resourceId === 'com.example.chatter:id/logoImg')).toBe(true);
    expect(t.steps[0]!.screenSize).toEqual({ width: 720, height: 1640 });
    // No event declares completion in this layout: the importer says so (the end of the trace is the claim).
    expect(t.noCompletionSignal).toMatch(/records no completion signal/);
  });

  it('is found under a traces folder by its folder name', () => {
    const refs = findTraces(path.dirname(DROIDBOT));
    expect(refs.find((r) => r.dir === DROIDBOT)).toMatchObject({ episode: 'droidbot', layout: 'droidbot' });
  });
});

describe.skipIf(!existsSync(TRACE_18))('LlamaTouch captured_data and AppAgent summary-CSV layouts', () => {
  it('finds traces through appagent_trace.csv (upstream AppAgent adapter layout)', async () => {
    const cat = path.join(tmp, 'agent', 'tasks-240214-1-general');
    buildTrace(TRACE_18, path.join(cat, 'run-2024', '18'), [0, 1, 2].map((screen) => ({ screen })));
    writeFileSync(path.join(cat, 'appagent_trace.csv'), 'episode_id,trace_folder_path\n18,/data/appagent/run-2024\n99,/data/appagent/run-2024\n');
    const refs = findTraces(path.join(tmp, 'agent'));
    expect(refs).toEqual([{ episode: '18', dir: path.join(cat, 'run-2024', '18'), layout: 'llamatouch', via: path.join(cat, 'appagent_trace.csv') }]);
    const t = await readTrace(refs[0]!);
    expect(t.noCompletionSignal).toBeUndefined();
    expect(t.steps).toHaveLength(3);
    expect(t.steps[1]!.action.kind).toBe('click');
  });

  it('reads the flat AutoDroid-upstream layout (<episode>/screenshot, xml, action ... without captured_data)', async () => {
    const flat = path.join(tmp, 'flat', '18');
    buildTrace(TRACE_18, path.join(tmp, 'flat-src'), [0, 1].map((screen) => ({ screen })));
    mkdirSync(path.dirname(flat), { recursive: true });
    // Move captured_data's content up one level.
    const { renameSync } = await import('node:fs');
    renameSync(path.join(tmp, 'flat-src', 'captured_data'), flat);
    expect(detectLayout(flat)).toBe('llamatouch');
    const t = await readTrace({ episode: '18', dir: flat, layout: 'llamatouch', via: 'test' });
    expect(t.steps.map((s) => s.action.kind)).toEqual(['home', 'click']);
    expect(t.steps[1]!.activity).toBe('com.android.systemui.ImageWallpaper');
  });

  it('a folder that is not a trace is reported clearly', () => {
    expect(() => findTraces(path.join(tmp, 'nope'))).toThrow(/does not exist/);
  });
});
