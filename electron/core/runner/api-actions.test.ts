import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeGrayAsync } from '../images/decode-image';
import { HAVE_ADB } from '../../virtual-device/testing';
import { adbShell } from '../capture/device-shell';
import { DeviceManager } from '../devices/device-manager';
import { runEvaluation } from '../evaluation/run-evaluation';
import { parseExecAction } from '../../../shared/formats/exec-action';
import { runAgents, type RunOptions } from './run-agents';
import { loadRunTasks } from './run-tasks';
import { startRunFixture, type RunFixture } from './testing/run-fixture';

// Mobile-Bench style tasks on Touchstone's virtual phone, through the real adb server: the replay
// agent issues the API actions written as `[API] adb shell ...` lines of eventStructs.txt, the runner
// executes them on the device and records them as their own action type, and the CheckPoints metric
// reads the API CheckPoints from the recorded actions.
const SHOP_OPEN = 'adb shell am start -n com.touchstone.shop/.MainActivity';
const VIEW = 'adb shell am start -a android.intent.action.VIEW -d https://shop.example.com/coffee';
const DARK = 'adb shell settings put secure ui_night_mode 2';
const CASES = [
  { ID: 'mb-api-ui', Query: 'Buy a bag of coffee beans.', 'APP List': ['Shop'],
    CheckPoints: { Package: ['com.touchstone.shop'], 'Key phrase': [['Coffee Beans', 'Add to cart', 'Checkout']], API: [SHOP_OPEN] } },
  { ID: 'mb-multi', Query: 'Look up coffee beans in the browser, switch to the dark theme, then write a note "Buy milk".', 'APP List': ['Chrome', 'Notes'],
    CheckPoints: { Package: [['com.android.chrome', 'com.touchstone.notes']], 'Key phrase': ['Buy milk'], API: [VIEW, ['&', 'adb shell settings put secure ui_night_mode <mode>', 'am start -a android.intent.action.VIEW -d <url>']] } },
  { ID: 'mb-refused', Query: 'Wipe the SD card.', 'APP List': [], CheckPoints: { Package: [], 'Key phrase': [], API: ['adb shell rm -rf /sdcard'] } },
];
/** Mean luminance (0-255) of a PNG, decoded natively. */
async function meanLuminance(file: string): Promise<number> {
  const g = await decodeGrayAsync(readFileSync(file), file);
  let sum = 0;
  for (const v of g.gray) sum += v;
  return sum / g.gray.length;
}
// A checkout of LlamaTouch's evaluator, named as the bench names it (LLAMATOUCH_EVALUATOR_DIR).
const UPSTREAM = process.env.LLAMATOUCH_EVALUATOR_DIR ?? resolve(__dirname, '../../../../upstream-llamatouch');

/** Copies a demo episode to a new task whose eventStructs.txt is `lines` (API and UI actions), and lists it in the index. */
function addTask(root: string, from: string, id: string, description: string, app: string, lines: string[]): void {
  const rel = `mobilebench/trace_${id}`;
  cpSync(join(root, from), join(root, rel), { recursive: true });
  writeFileSync(join(root, rel, 'eventStructs.txt'), lines.join('\n') + '\n');
  writeFileSync(join(root, rel, 'instruction.txt'), `${id}\n${description}\n`);
  appendFileSync(join(root, 'llamatouch_task_metadata.tsv'), `${id}\tmobilebench\t${rel}\t${description}\t${lines.length + 1}\t${app}\n`);
}

describe.skipIf(!HAVE_ADB)('API actions: replayed on virtual devices through the real adb server, recorded, scored by CheckPoints (adb absent → skipped)', () => {
  let fx: RunFixture;
  let mgr: DeviceManager;
  const opts = (over: Partial<RunOptions>): RunOptions => ({
    tasks: [], agents: ['replay'], repeat: 1, out: join(fx.tmp, 'runs'), devices: [], shellFor: (s) => adbShell(mgr.client, s),
    limits: { maxSteps: 15, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1, agentSettings: {},
    signal: new AbortController().signal, ...over,
  });

  beforeAll(async () => {
    fx = await startRunFixture(2, { only: ['demo19', 'demo10'] });
    mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
    const shop = readFileSync(join(fx.dataset, 'webshopping/trace_demo19/eventStructs.txt'), 'utf8').trim().split('\n');
    const notes = readFileSync(join(fx.dataset, 'general/trace_demo10/eventStructs.txt'), 'utf8').trim().split('\n');
    // API+UI (SAST): the app is opened by an intent instead of the launcher tap, the rest is UI.
    addTask(fx.dataset, 'webshopping/trace_demo19', 'mb-api-ui', CASES[0]!.Query, 'com.touchstone.shop', [`[API] ${SHOP_OPEN}`, ...shop.slice(1)]);
    // Multi-app (MAMT-like): a VIEW intent opens the browser, a settings change, then the Notes app through the UI.
    addTask(fx.dataset, 'general/trace_demo10', 'mb-multi', CASES[1]!.Query, 'com.touchstone.notes', [`[API] ${VIEW}`, `[API] ${DARK}`, '[Home]', ...notes]);
    addTask(fx.dataset, 'general/trace_demo10', 'mb-refused', CASES[2]!.Query, 'com.touchstone.notes', ['[API] adb shell rm -rf /sdcard']);
    writeFileSync(join(fx.dataset, 'checkpoints.json'), JSON.stringify(CASES, null, 1));
    writeFileSync(join(fx.dataset, 'touchstone-tasks.json'), JSON.stringify({ reset: { '*': { clear: ['com.touchstone.shop', 'com.touchstone.notes', 'com.android.chrome'], shell: ['settings put secure ui_night_mode 1'] } } }));
  }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('runs the API+UI and the multi-app task with the replay agent; API actions run on the device and are recorded as their own lines', async () => {
    const tasks = await loadRunTasks(fx.dataset, ['mb-api-ui', 'mb-multi', 'mb-refused']);
    const r = await runAgents(opts({ tasks, devices: await mgr.pick('all') }));
    const by = Object.fromEntries(r.items.map((x) => [x.item.task.episode, x]));
    const ui = by['mb-api-ui']!.record;
    expect([ui.outcome, ui.agentVerdict]).toEqual(['finished', 'complete']);
    // The intent opened the shop: step 1 (after the API action) is in the shop, and checkout was reached.
    expect(ui.steps[0]!.action).toBe(`UNUSED_9|${SHOP_OPEN}|NULL|1080|2400`);
    expect(ui.steps[0]!.description).toBe(`api ${SHOP_OPEN}`);
    expect(ui.steps[1]!.activity).toContain('com.touchstone.shop');
    expect(ui.steps.at(-1)!.activity).toContain('CheckoutActivity');
    const dir = by['mb-api-ui']!.item.dir;
    const line = readFileSync(join(dir, 'captured_data/action/0.action'), 'utf8');
    expect(line).toBe(`UNUSED_9|${SHOP_OPEN}|NULL|1080|2400\n`);
    expect(parseExecAction(line, '0.action')).toEqual({ ok: true, value: { kind: 'api', command: SHOP_OPEN, screen: { width: 1080, height: 2400 } }, warnings: [] });

    const multi = by['mb-multi']!.record;
    expect(multi.outcome).toBe('finished');
    expect(multi.steps.slice(0, 3).map((s) => s.action.split('|')[0])).toEqual(['UNUSED_9', 'UNUSED_9', 'PRESS_HOME']);
    expect(multi.steps[1]!.activity).toContain('com.android.chrome');
    // The settings change really happened on the device: the browser page is light before it (step 1), dark after it (step 2).
    const shots = join(by['mb-multi']!.item.dir, 'captured_data/screenshot');
    const before = await meanLuminance(join(shots, '1.png'));
    const after = await meanLuminance(join(shots, '2.png'));
    expect(before - after).toBeGreaterThan(60);
    expect(multi.steps.some((s) => s.activity.includes('com.touchstone.notes'))).toBe(true);

    // A command off the whitelist is refused before it reaches the device: the step is recorded as invalid with the reason, file and line.
    const bad = by['mb-refused']!.record;
    expect([bad.outcome, bad.agentVerdict, bad.steps.length]).toEqual(['finished', 'complete', 2]);
    expect(bad.steps[0]!.action).toBe('NONE|NULL|NULL|0|0');
    expect(bad.steps[0]!.description).toMatch(/^invalid: eventStructs\.txt line 1: API action refused: `rm` is not an allowed command\. Allowed: am start/);
  }, 240_000);

  it('evaluates with checkpoints: the replays pass every CheckPoint, the no-op agent none; API CheckPoints come from the recorded actions', async () => {
    const tasks = await loadRunTasks(fx.dataset, ['mb-api-ui', 'mb-multi']);
    await runAgents(opts({ tasks, agents: ['noop'], devices: await mgr.pick('all') }));
    const replay = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: join(fx.tmp, 'runs', 'replay'), methods: ['checkpoints'], mode: 'fixed', jobs: 1 });
    const cp = Object.fromEntries(replay.outcomes.map((o) => [o.episode, o.checkpoints!]));
    expect([cp['mb-api-ui']!.level1, cp['mb-api-ui']!.level2, cp['mb-api-ui']!.completed]).toEqual([1, 1, true]);
    expect(cp['mb-api-ui']!.evidence.verdicts.find((v) => v.category === 'api')).toMatchObject({ passed: true, steps: [0] });
    expect(cp['mb-api-ui']!.evidence.history[0]).toBe(`step 0: api ${SHOP_OPEN}`);
    expect([cp['mb-multi']!.passed, cp['mb-multi']!.total, cp['mb-multi']!.completed]).toEqual([{ package: 2, all: 5 }, { package: 2, all: 5 }, true]); // the sequential package group counts its two members
    expect(cp['mb-multi']!.evidence.verdicts.filter((v) => v.category === 'api').map((v) => v.steps)).toEqual([[0], [0, 1]]);
    // A refused command was never issued, so its API CheckPoint fails.
    expect([cp['mb-refused']!.passed.all, cp['mb-refused']!.total.all, cp['mb-refused']!.completed]).toEqual([0, 1, false]);
    expect(cp['mb-refused']!.evidence.history[0]).toBe('step 0: no action');

    const noop = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: join(fx.tmp, 'runs', 'noop'), methods: ['checkpoints'], mode: 'fixed', jobs: 1 });
    const n = Object.fromEntries(noop.outcomes.map((o) => [o.episode, o.checkpoints!]));
    expect([n['mb-api-ui']!.passed.all, n['mb-api-ui']!.completed, n['mb-multi']!.passed.all]).toEqual([0, false, 0]);
    expect(n['mb-api-ui']!.reason).toMatch(/API "adb shell am start -n com.touchstone.shop\/.MainActivity" fails/);
    console.log(`CheckPoints: replay ${replay.checkpoints!.map((s) => `${s.group} L1 ${s.level1} L2 ${s.level2} pass ${s.passRate}`).join('; ')}; noop ${noop.checkpoints!.map((s) => `${s.group} L2 ${s.level2}`).join('; ')}`);
  }, 240_000);

  it.skipIf(!existsSync(join(UPSTREAM, 'evaluator/task_trace.py')))('the upstream LlamaTouch evaluator loads the recorded traces with API actions without crashing (set LLAMATOUCH_EVALUATOR_DIR to a LlamaTouch/Evaluator checkout; absent → skipped)', () => {
    const dir = join(fx.tmp, 'runs', 'replay', 'r1');
    const py = [
      'import sys, types, json',
      `pkg = types.ModuleType('evaluator'); pkg.__path__ = [${JSON.stringify(join(UPSTREAM, 'evaluator'))}]; sys.modules['evaluator'] = pkg`,
      'from evaluator.task_trace import DatasetHelper',
      'h = object.__new__(DatasetHelper)',
      'out = {}',
      'for ep in sys.argv[1:]:',
      '    t = h.load_testbed_trace_by_path(ep + "/captured_data")',
      '    out[ep.rsplit("/", 1)[1]] = [s.action.action_type.name for s in t]',
      'print(json.dumps(out))',
    ].join('\n');
    const got = JSON.parse(execFileSync('python3', ['-c', py, join(dir, 'mb-api-ui'), join(dir, 'mb-multi')], { encoding: 'utf8' })) as Record<string, string[]>;
    expect(got['mb-api-ui']![0]).toBe('UNUSED_9');
    expect(got['mb-api-ui']!.slice(1)).toEqual(['DUAL_POINT', 'DUAL_POINT', 'DUAL_POINT', 'DUAL_POINT', 'STATUS_TASK_COMPLETE']);
    expect(got['mb-multi']!.slice(0, 3)).toEqual(['UNUSED_9', 'UNUSED_9', 'PRESS_HOME']);
  }, 60_000);
});
