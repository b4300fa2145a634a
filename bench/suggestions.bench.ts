/**
 * How good are the annotation view's suggested essential states? For every
 * annotated episode of the demo dataset (made here, in process) and of the
 * real fixtures (read in place), the suggestions made from the recording alone
 * are compared with the annotation people (or the demo's author) wrote:
 * a suggestion is kept when the step's `.ess` holds the same item, and an
 * annotated item is covered when a suggestion proposed it. Prints both shares.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createDemoDataset } from '../electron/core/demo/create-demo';
import { suggestEssentialStates } from '../electron/core/annotations/suggest';
import { parseEss } from '../shared/formats/ess';
import { parseUiautomatorXml } from '../shared/formats/parse-uiautomator-xml';
import { resolveEssItems } from '../shared/geometry/ess-targets';
import type { NumberedComponent } from '../shared/model';

const norm = (s: string): string => s.replace(/\s+/g, '');

/** Folders under `dir` holding at least one `i.ess`. */
function annotatedFolders(dir: string, out: string[] = []): string[] {
  const names = readdirSync(dir);
  if (names.some((n) => /^\d+\.ess$/.test(n))) out.push(dir);
  for (const n of names) {
    const p = join(dir, n);
    if (!n.startsWith('.') && statSync(p).isDirectory()) annotatedFolders(p, out);
  }
  return out;
}

interface Tally { episodes: number; offered: number; kept: number; annotated: number; covered: number; byKind: Record<string, [number, number]> }

async function measure(root: string, folders: string[]): Promise<Tally> {
  const t: Tally = { episodes: 0, offered: 0, kept: 0, annotated: 0, covered: 0, byKind: {} };
  for (const dir of folders) {
    const rel = relative(root, dir);
    const items = new Map<number, Set<string>>();
    for (const f of readdirSync(dir).filter((n) => /^\d+\.ess$/.test(n))) {
      const parsed = parseEss(readFileSync(join(dir, f), 'utf8'), join(dir, f));
      if (!parsed.ok) continue;
      // Items that name their component by xpath (as LlamaTouch's annotators did) are compared by the component they resolve to.
      const step = Number.parseInt(f, 10);
      const json = join(dir, `${step}.json`);
      const xml = join(dir, `${step}.xml`);
      const comps = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as NumberedComponent[]) : [];
      const vh = existsSync(xml) ? parseUiautomatorXml(readFileSync(xml, 'utf8'), xml) : null;
      const resolved = resolveEssItems(parsed.value, comps, vh?.ok ? vh.value : undefined);
      items.set(step, new Set(resolved.map((r) => (r.componentIds.length === 1 && !/^[a-z_]+<\d+>$/.test(norm(r.raw)) ? `${r.keyword}<${r.componentIds[0]}>` : norm(r.raw)))));
    }
    const suggestions = await suggestEssentialStates(root, rel).catch(() => null);
    if (!suggestions) continue;
    t.episodes += 1;
    const proposed = new Set<string>();
    for (const s of suggestions) {
      const key = `${s.step}:${norm(s.item)}`;
      proposed.add(key);
      const kind = s.item.slice(0, s.item.indexOf('<'));
      const k = (t.byKind[kind] ??= [0, 0]);
      k[0] += 1;
      t.offered += 1;
      if (items.get(s.step)?.has(norm(s.item))) { t.kept += 1; k[1] += 1; }
    }
    for (const [step, set] of items) {
      for (const it of set) { t.annotated += 1; if (proposed.has(`${step}:${it}`)) t.covered += 1; }
    }
  }
  return t;
}

const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
function report(name: string, t: Tally): void {
  console.log(`${name}: ${t.episodes} annotated episodes; ${t.offered} suggestions, ${t.kept} kept by the annotation (${pct(t.kept, t.offered)}); ` +
    `${t.annotated} annotated items, ${t.covered} of them suggested (${pct(t.covered, t.annotated)})`);
  console.log(`  per kind (offered/kept): ${Object.entries(t.byKind).map(([k, [o, kept]]) => `${k} ${o}/${kept}`).join(', ')}`);
}

const work = mkdtempSync(join(tmpdir(), 'ts-suggest-bench-'));
try {
  const demo = join(work, 'demo');
  const t0 = performance.now();
  await createDemoDataset({ out: demo, traces: false, transport: 'in-process' });
  console.log(`demo dataset made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  report('demo dataset', await measure(demo, annotatedFolders(demo)));
  const fixtures = join(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'llamatouch');
  const real = annotatedFolders(fixtures).filter((d) => readdirSync(d).some((n) => n.endsWith('.png')));
  const byRoot = new Map<string, string[]>();
  for (const d of real) { const r = join(d, '..'); byRoot.set(r, [...(byRoot.get(r) ?? []), d]); }
  const total: Tally = { episodes: 0, offered: 0, kept: 0, annotated: 0, covered: 0, byKind: {} };
  for (const [r, ds] of byRoot) {
    const t = await measure(r, ds);
    total.episodes += t.episodes; total.offered += t.offered; total.kept += t.kept; total.annotated += t.annotated; total.covered += t.covered;
    for (const [k, [o, kept]] of Object.entries(t.byKind)) { const x = (total.byKind[k] ??= [0, 0]); x[0] += o; x[1] += kept; }
  }
  report('real fixtures (LlamaTouch annotations)', total);
} finally {
  rmSync(work, { recursive: true, force: true });
}
