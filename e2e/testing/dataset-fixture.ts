import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The shared fixtures folder beside the repository (absent in a user's fresh clone). */
export const FIXTURES = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures');
export const TRACE_18 = join(FIXTURES, 'llamatouch', 'episodes', 'trace_18');
export const IMG_CASE_1 = join(FIXTURES, 'llamatouch', 'evaluator-tests', 'img_test_case', 'case1');
export const haveFixtures = existsSync(TRACE_18) && existsSync(IMG_CASE_1);

export interface TempDataset {
  root: string;
  /** A folder beside the dataset, for out-of-root checks. */
  outside: string;
  /** Removes the temp folder. */
  cleanup(): void;
}

/** Copies every file of the real trace_18 into `dir` (made if absent). */
function copyTrace18(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(TRACE_18)) cpSync(join(TRACE_18, f), join(dir, f));
}

/** Writes the 6-column task index of a dataset at `root` with these episode rows. */
function writeIndex(root: string, rows: string[][]): void {
  const header = ['episode', 'category', 'path', 'description', 'nsteps', 'app'];
  writeFileSync(join(root, 'llamatouch_task_metadata.tsv'), [header, ...rows].map((r) => r.join('\t')).join('\n') + '\n');
}

/**
 * A two-episode LlamaTouch dataset in a fresh temp folder: the real trace_18
 * (5 steps, one .ess) under general/trace_18, and an episode built from the
 * Evaluator's img_test_case/case1 screens (2.png + its 2.json as step 0,
 * 3.png as step 1; a tap then a swipe) under generated/trace_901, with a 6-column index.
 */
export function makeDataset(): TempDataset {
  const base = mkdtempSync(join(tmpdir(), 'touchstone-e2e-'));
  const root = join(base, 'dataset');
  const outside = join(base, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.png'), 'not for the UI');

  copyTrace18(join(root, 'general', 'trace_18'));

  const t901 = join(root, 'generated', 'trace_901');
  mkdirSync(t901, { recursive: true });
  cpSync(join(IMG_CASE_1, '2.png'), join(t901, '0.png'));
  cpSync(join(IMG_CASE_1, '2.json'), join(t901, '0.json'));
  cpSync(join(IMG_CASE_1, '3.png'), join(t901, '1.png'));
  writeFileSync(join(t901, 'instruction.txt'), '901\nOpen the Duolingo practice hub.\n');
  // Step 1 swipes up (the recorder's form), so the arrow overlay has a real line to draw.
  writeFileSync(join(t901, 'eventStructs.txt'), '[Click] Screen Resolution (1080, 2400), Click Position (540, 1200)\n[Swipe] Screen Resolution (1080, 2400), Start Position (540, 1800), End Position (540, 700)\n');

  writeIndex(root, [
    ['18', 'general', 'general/trace_18', 'Practice pronunciation in French in Duolingo.', '5', 'Duolingo'],
    ['901', 'generated', 'generated/trace_901', 'Open the Duolingo practice hub.', '2', 'Duolingo'],
  ]);
  return { root, outside, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/**
 * A dataset that shows what can go wrong, in a fresh temp folder:
 * `small/trace_18` is trace_18 with every screenshot saved at half size (the
 * bounds stay in device pixels), `broken/trace_18` has a damaged `2.ess`.
 */
export async function makeProblemDataset(): Promise<TempDataset> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const base = mkdtempSync(join(tmpdir(), 'touchstone-e2e-problems-'));
  const root = join(base, 'dataset');
  const small = join(root, 'small', 'trace_18');
  const broken = join(root, 'broken', 'trace_18');
  for (const dir of [small, broken]) copyTrace18(dir);
  for (const f of readdirSync(TRACE_18).filter((n) => /^\d+\.png$/.test(n))) {
    const full = await loadImage(join(TRACE_18, f));
    const half = createCanvas(full.width / 2, full.height / 2);
    half.getContext('2d').drawImage(full, 0, 0, half.width, half.height);
    writeFileSync(join(small, f), half.toBuffer('image/png'));
  }
  writeFileSync(join(broken, '2.ess'), 'activity<0>|exact<1|click<3>\n');
  writeIndex(root, [
    ['18', 'small', 'small/trace_18', 'Half-size screenshots of trace_18.', '5', 'Duolingo'],
    ['1018', 'broken', 'broken/trace_18', 'A damaged annotation.', '5', 'Duolingo'],
  ]);
  const outside = join(base, 'outside');
  mkdirSync(outside);
  return { root, outside, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** A folder of `count` one-screen episodes (hard links to one real PNG), big enough that opening it takes a while. */
export function makeBigDataset(count: number): TempDataset {
  const base = mkdtempSync(join(tmpdir(), 'touchstone-e2e-big-'));
  const root = join(base, 'big');
  for (let i = 0; i < count; i++) {
    const dir = join(root, `trace_${i}`);
    mkdirSync(dir, { recursive: true });
    linkSync(join(TRACE_18, '0.png'), join(dir, '0.png'));
  }
  return { root, outside: base, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}
