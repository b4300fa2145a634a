import { describe, it, expect, afterAll } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { canvasLib } from '../../platform/canvas-lib';
import { EpisodeEvaluator } from './episode-evaluator';
import { buildTrace, type BuiltStep } from './testing/build-trace';
import { tempDir, TRACE_18 } from './testing/temp-dataset';

// Legacy mode against upstream LlamaTouch's TestbedEvaluator on traces built from the fixtures' real
// episode (trace_18). `upstream` is what upstream decided on each case, recorded by running its code
// (LlamaTouch/Evaluator @ 4335369, python3, via bench/realistic/upstream_eval.py); with
// LLAMATOUCH_EVALUATOR_DIR naming a checkout, the same cases are also run through it side by side.
const UPSTREAM = process.env.LLAMATOUCH_EVALUATOR_DIR;
/** As the bench picks it: the system python3 carries lxml, numpy, pandas and PIL. */
const PYTHON = process.env.BENCH_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
/**
 * Node 14 of 2.json is the tapped ImageView. Upstream finds a clicked node by the `xpath` key of its
 * i.json entry, which the fixture's file lacks (upstream then raises KeyError): the test copy carries
 * the node's lxml path in the raw uiautomator XML.
 */
const TAPPED = { id: 14, xpath: '/hierarchy/node/node[1]/node/node/node/node/node[2]/node/node[4]/node/node/node[2]/node[2]/node[3]/node' };
const ESS: Record<number, string> = { 2: `activity<0>|exact<1>|click<${TAPPED.id}>`, 4: 'activity<0>|exact<6>' };
const FULL = { width: 1080, height: 2400 };
const HALF = { width: 540, height: 1200 };
/** The recorded tap on screen 2 (eventStructs: (150, 260) of 320x720), normalised. */
const TAP = { x: 150 / 320, y: 260 / 720 };

interface Case { name: string; upstream: boolean; steps: BuiltStep[]; halfScreenshots?: boolean; ess?: Record<number, string> }
const replay = (over: Partial<Record<number, Partial<BuiltStep>>> = {}): BuiltStep[] => [0, 1, 2, 3, 4].map((screen) => ({ screen, ...over[screen] }));
const CASES: Case[] = [
  { name: 'replay', upstream: true, steps: replay() },
  { name: 'no execution XML on the annotated step (upstream: lxml raises, the episode fails)', upstream: false, steps: replay({ 2: { omit: ['xml'] } }) },
  { name: 'no execution XML on the step of a text node\'s exact item', upstream: false, steps: replay({ 4: { omit: ['xml'] } }) },
  { name: 'no execution XML on the step of an icon\'s exact item (upstream parses the XML first)', upstream: false, ess: { 2: 'activity<0>|exact<1>' }, steps: replay({ 2: { omit: ['xml'] } }) },
  { name: 'no execution XML on a step the activity check rejects first', upstream: true, steps: replay({ 0: { omit: ['xml'] } }) },
  { name: 'no execution XML on any step', upstream: false, steps: replay({ 0: { omit: ['xml'] }, 1: { omit: ['xml'] }, 2: { omit: ['xml'] }, 3: { omit: ['xml'] }, 4: { omit: ['xml'] } }) },
  { name: 'half-size screenshots, action lines at full size (upstream places the tap with the screenshot)', upstream: false, halfScreenshots: true, steps: replay() },
  { name: 'full-size screenshots, action lines at half size', upstream: true, steps: replay({ 2: { action: { kind: 'click', at: TAP, screen: HALF } } }) },
  { name: 'no screenshot on the last step (upstream counts steps by screenshots)', upstream: false, steps: replay({ 4: { omit: ['png'] } }) },
  { name: 'no action file on the annotated step (upstream: action None raises in the click check)', upstream: false, steps: replay({ 2: { omit: ['action'] } }) },
  { name: 'the fixture\'s own click<xpath> item (upstream: int() raises)', upstream: false, ess: { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>' }, steps: replay() },
  { name: 'a tap outside the node', upstream: false, steps: replay({ 2: { action: { kind: 'click', at: { x: 0.5, y: 0.99 }, screen: FULL } } }) },
];

const tmp = tempDir('touchstone-legacy-upstream-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes a half-size copy of every screenshot of a built trace in place. */
async function halveScreenshots(traceDir: string): Promise<void> {
  const { createCanvas, loadImage } = canvasLib();
  const dir = path.join(traceDir, 'captured_data', 'screenshot');
  for (const f of readdirSync(dir)) {
    const img = await loadImage(readFileSync(path.join(dir, f)));
    const c = createCanvas(HALF.width, HALF.height);
    c.getContext('2d').drawImage(img, 0, 0, HALF.width, HALF.height);
    writeFileSync(path.join(dir, f), c.toBuffer('image/png'));
  }
}

/** The upstream dataset layout (general/<folder>, instruction.txt, metadata TSV) and one trace per case. */
async function build(): Promise<{ metadata: string; datasetRoot: string; tracesRoot: string; ids: string[] }> {
  const datasetRoot = path.join(tmp, 'dataset');
  const tracesRoot = path.join(tmp, 'traces');
  const rows = ['episode\tcategory\tpath\tdescription\tnsteps'];
  const ids: string[] = [];
  for (const [k, c] of CASES.entries()) {
    const id = String(7_000_000 + k);
    const dir = path.join(datasetRoot, 'general', `ep_${k}`);
    cpSync(TRACE_18, dir, { recursive: true });
    for (const f of readdirSync(dir)) if (f.endsWith('.ess')) rmSync(path.join(dir, f));
    for (const [step, line] of Object.entries(c.ess ?? ESS)) writeFileSync(path.join(dir, `${step}.ess`), line);
    const json = JSON.parse(readFileSync(path.join(dir, '2.json'), 'utf8')) as Record<string, unknown>[];
    json[TAPPED.id]!.xpath = TAPPED.xpath;
    writeFileSync(path.join(dir, '2.json'), JSON.stringify(json));
    writeFileSync(path.join(dir, 'instruction.txt'), `${id}\nPractice pronunciation in French in Duolingo.\n`);
    const trace = buildTrace(dir, path.join(tracesRoot, id), c.steps);
    if (c.halfScreenshots) await halveScreenshots(trace);
    rows.push(`${id}\tgeneral\tgeneral/ep_${k}\t${c.name}\t5`);
    ids.push(id);
  }
  mkdirSync(tmp, { recursive: true });
  const metadata = path.join(tmp, 'metadata.tsv');
  writeFileSync(metadata, rows.join('\n') + '\n');
  return { metadata, datasetRoot, tracesRoot, ids };
}

describe.skipIf(!existsSync(TRACE_18))('legacy mode decides as upstream LlamaTouch (../shared/fixtures absent → skipped)', () => {
  it('on traces with missing XML, half-size screenshots, missing screenshots and actions, every legacy verdict equals upstream\'s (the recorded table; side by side with LLAMATOUCH_EVALUATOR_DIR)', async () => {
    const b = await build();
    const ev = new EpisodeEvaluator({ methods: ['essential'], mode: 'legacy', appPackages: {} });
    const ours: Record<string, boolean> = {};
    for (const [k, id] of b.ids.entries()) {
      const o = await ev.evaluate({ datasetRoot: b.datasetRoot, relPath: `general/ep_${k}`, episode: id, category: 'general', nsteps: 5, trace: { episode: id, dir: path.join(b.tracesRoot, id), layout: 'llamatouch', via: 'test' } });
      ours[CASES[k]!.name] = Boolean(o.essential?.completed);
    }
    expect(ours).toEqual(Object.fromEntries(CASES.map((c) => [c.name, c.upstream])));
    if (UPSTREAM) {
      const r = spawnSync(PYTHON, [path.resolve(import.meta.dirname, '../../../bench/realistic/upstream_eval.py'), UPSTREAM, b.metadata, b.datasetRoot, b.tracesRoot], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const upstream = (JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { completed: Record<string, boolean> }).completed;
      expect(Object.fromEntries(CASES.map((c, k) => [c.name, upstream[b.ids[k]!]]))).toEqual(ours);
    }
  }, 60_000);
});
