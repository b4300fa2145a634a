/**
 * Annotation view bench, in Chromium (web mode): two 30-step episodes with
 * 300 numbered components per step, made in a temp folder from trace_18's
 * screenshots. Measures, in the page: opening an episode until its first
 * step is drawn with 300 boxes (target < 300 ms), hover until the inspector
 * shows the component and the canvas has redrawn (< 16 ms), and an edit until
 * autosave has written i.ess (< 50 ms). Prints the median, the 95th percentile and the worst.
 */
import { existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRACE_18 } from '../e2e/testing/dataset-fixture';
import { openWebSession, webSkipReason } from '../e2e/testing/harness';

if (webSkipReason) {
  console.log(`annotation bench ${webSkipReason}`);
  process.exit(0);
}

const STEPS = 30;
const BOXES = 300;

/** 300 components tiling a 1080x2400 screen: 15 columns x 20 rows, with text on every other one. */
function components(step: number): string {
  const out = [];
  for (let i = 0; i < BOXES; i++) {
    const col = i % 15;
    const row = Math.floor(i / 15);
    const x1 = col * 72;
    const y1 = 80 + row * 115;
    out.push({
      id: i, class: i % 2 ? 'android.widget.TextView' : 'android.widget.ImageView', text: i % 2 ? `Item ${step}.${i}` : '',
      'resource-id': `com.example:id/cell_${i}`, 'content-desc': '', bounds: `[${x1},${y1}][${x1 + 70},${y1 + 110}]`,
      enabled: true, checked: false, checkable: false, visible: true, selected: false, focused: false, focusable: false,
      clickable: i % 3 === 0, 'long-clickable': false, password: false, scrollable: false,
    });
  }
  return JSON.stringify(out);
}

function makeDataset(): { root: string; cleanup(): void } {
  const base = mkdtempSync(join(tmpdir(), 'touchstone-bench-annot-'));
  const root = join(base, 'dataset');
  const rows = ['episode\tcategory\tpath\tdescription\tnsteps\tapp'];
  for (const ep of ['1', '2']) {
    const dir = join(root, 'bench', `trace_${ep}`);
    mkdirSync(dir, { recursive: true });
    for (let s = 0; s < STEPS; s++) {
      linkSync(join(TRACE_18, `${s % 5}.png`), join(dir, `${s}.png`));
      writeFileSync(join(dir, `${s}.json`), components(s));
    }
    writeFileSync(join(dir, 'eventStructs.txt'), Array.from({ length: STEPS - 1 }, (_, i) => `[Click] Screen Resolution (1080, 2400), Click Position (${100 + i * 20}, ${300 + i * 50})`).join('\n') + '\n');
    writeFileSync(join(dir, 'instruction.txt'), `${ep}\nBench episode ${ep}.\n`);
    rows.push([ep, 'bench', `bench/trace_${ep}`, `Bench episode ${ep}.`, String(STEPS), 'Bench'].join('\t'));
  }
  writeFileSync(join(root, 'llamatouch_task_metadata.tsv'), rows.join('\n') + '\n');
  return { root, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), worst: s[s.length - 1] };
};
const show = (label: string, xs: number[], target: number) => {
  const { median, p95, worst } = stats(xs);
  console.log(`${label.padEnd(46)} median ${median.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  worst ${worst.toFixed(1).padStart(6)} ms  (target < ${target} ms, n=${xs.length})`);
};

const ds = makeDataset();
const web = await openWebSession(join(ds.root, '..', 'state'));
try {
  const page = web.page;
  // tsx names the functions it compiles with a helper the page does not have.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  // In the page: resolves when \`ready()\` holds (checked on every DOM change), then draws the Konva layers
  // waiting for their next frame right away, so the figure is commit + draw, not frame alignment.
  await page.addInitScript({ content: `window.__settle = (ready) => new Promise((resolve) => {
    const done = () => {
      const t = performance.now();
      for (const st of (window.Konva?.stages ?? [])) for (const l of st.getLayers()) if (l._waitingForDraw) l.draw();
      resolve(performance.now() - t);
    };
    if (ready()) return done();
    const mo = new MutationObserver(() => { if (ready()) { mo.disconnect(); done(); } });
    mo.observe(document.body, { subtree: true, childList: true, attributes: true });
  });` });
  await page.goto(web.server.url);
  await page.locator('[data-app-state="ready"][data-view="open"]').waitFor();
  await page.fill('#dataset-path', ds.root);
  await page.click('button[type="submit"]');
  await page.locator('[data-app-state="ready"] .task-list[data-task-count="2"]').waitFor();
  await page.click('[data-view-tab="annotate"]');
  await page.locator(`[data-app-state="ready"] .screen-canvas[data-screen-state="ready"][data-box-count="${BOXES}"]`).waitFor();

  // Open: click the other task's row, until its step 0 is drawn with every box (one animation frame after the DOM says ready).
  const open: number[] = [];
  for (let i = 0; i < 12; i++) {
    const ep = i % 2 === 0 ? '2' : '1';
    open.push(await page.evaluate(async ({ ep, boxes }) => {
      const ready = () => document.querySelector(`[data-app-state="ready"] .task-row[data-episode="${ep}"][aria-selected="true"]`)
        && document.querySelector(`[data-app-state="ready"] .stage[data-step="0"] .screen-canvas[data-screen-state="ready"][data-box-count="${boxes}"]`)
        && document.querySelector('[data-app-state="ready"] .ess-editor[data-draft-state="ready"]');
      const settle = (window as unknown as { __settle(r: () => unknown): Promise<number> }).__settle;
      // The screenshot decodes off the main thread; the image element is ready once Konva drew it.
      const t0 = performance.now();
      (document.querySelector(`.task-row[data-episode="${ep}"]`) as HTMLElement).click();
      await settle(ready);
      return performance.now() - t0;
    }, { ep, boxes: BOXES }));
  }
  show(`open a ${STEPS}-step episode, first step with ${BOXES} boxes`, open, 300);

  // Hover: a mouse move over a box's centre, until the inspector names it and the next frame is drawn.
  const hover = await page.evaluate(async () => {
    const canvas = document.querySelector('.screen-canvas .konvajs-content') as HTMLElement;
    const stage = canvas.getBoundingClientRect();
    const scale = Math.min((stage.width - 24) / 1080, (stage.height - 24) / 2400);
    const left = stage.left + (stage.width - 1080 * scale) / 2;
    const top = stage.top + (stage.height - 2400 * scale) / 2;
    const out: number[] = [];
    for (let k = 0; k < 40; k++) {
      const id = (k * 37) % 300;
      const x = left + ((id % 15) * 72 + 35) * scale;
      const y = top + (80 + Math.floor(id / 15) * 115 + 55) * scale;
      const settle = (window as unknown as { __settle(r: () => unknown): Promise<number> }).__settle;
      const t0 = performance.now();
      canvas.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
      await settle(() => document.querySelector(`.fields[data-component-id="${id}"]`));
      out.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20)); // the next move comes a frame later, as a real pointer's
    }
    return out;
  });
  show(`hover a box (of ${BOXES}) until inspected and redrawn`, hover, 16);

  // Save: select a component, press e (autosave), then Backspace; each until the editor says saved.
  const save: number[] = [];
  for (let k = 0; k < 10; k++) {
    const id = 10 + k;
    await page.locator('.component-list li').nth(id).click();
    for (const key of ['e', 'Backspace']) {
      save.push(await page.evaluate(async ({ key, id }) => {
        const want = key === 'e' ? `exact<${id}>` : '';
        const settle = (window as unknown as { __settle(r: () => unknown): Promise<number> }).__settle;
        const t0 = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        await settle(() => document.querySelector(`.ess-editor[data-save-state="saved"][data-items="${want}"]`));
        return performance.now() - t0;
      }, { key, id }));
    }
  }
  show('edit until autosaved to i.ess (HTTP round trip)', save, 50);
  const load = (await import('node:os')).loadavg()[0];
  console.log(`(load average ${load.toFixed(1)} on ${(await import('node:os')).cpus().length} cores while measuring)`);
  if (!existsSync(join(ds.root, 'bench/trace_1/0.json'))) throw new Error('dataset vanished');
} finally {
  await web.close();
  ds.cleanup();
}
