// Realistic bench corpus, generated at bench time into a temp folder (never committed): ground-truth
// episodes in the LlamaTouch dataset layout (`general/ep_<n>/{i.png,i.xml,i.vh,i.json,i.activity,i.ess}`,
// eventStructs.txt, instruction.txt, a metadata TSV) built from every real fixture screen and its text
// variants, annotated in the shares of the real annotation census (llamatouch/ess-census), and one
// agent trace per episode in the upstream `captured_data/` layout: replays, detours and five kinds of failure.
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExecAction, GtAction, NumberedComponent, ViewHierarchy } from '../../shared/model';
import { numberComponents, componentBounds } from '../../shared/formats/number-components';
import { serialiseComponentsJson } from '../../shared/formats/components-json';
import { formatEventStructs } from '../../shared/formats/event-structs';
import { formatExecActionLine } from '../../shared/formats/exec-action';
import type { EvalJob } from '../../electron/core/evaluation/episode-evaluator';
import { baseScreens, variant, type Screen } from './screens';

/** Census shares (552 key states, 1,379 assertions): per state. */
const SHARE = { twoStates: 0.12, activity: 490 / 552, exact2: 0.26, click: 98 / 552, fuzzy: 82 / 552, install: 10 / 552, icon: 0.2 };
export const TRACE_KINDS = ['replay', 'replay', 'replay', 'replay', 'replay', 'replay', 'replay', 'replay', 'replay', 'detour', 'detour', 'detour', 'skip-state', 'other-texts', 'other-texts', 'wrong-activity', 'wrong-activity', 'no-complete', 'wrong-tap', 'wrong-tap'] as const;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** DroidBot `.vh` / `view_hierarchy/i.json` text of a hierarchy (the node list AgentEnv and LlamaTouch write). */
function droidbotJson(vh: ViewHierarchy): string {
  return JSON.stringify(vh.nodes.map((n) => ({
    bounds: n.bounds ? [[n.bounds.x1, n.bounds.y1], [n.bounds.x2, n.bounds.y2]] : null,
    checkable: n.checkable, checked: n.checked, child_count: n.children.length, children: n.children, class: n.className,
    clickable: n.clickable, content_description: n.contentDesc || null, editable: false, enabled: n.enabled, focusable: n.focusable,
    focused: n.focused, is_password: n.password, long_clickable: n.longClickable, package: n.packageName, parent: n.parent ?? -1,
    resource_id: n.resourceId || null, scrollable: n.scrollable, selected: n.selected, temp_id: n.order, text: n.text || null, visible: n.visible,
  })));
}

interface PoolEntry { screen: Screen; files: Record<'png' | 'xml' | 'vh' | 'json', string>; components: NumberedComponent[] }

export interface Corpus {
  root: string;
  metadata: string;
  datasetRoot: string;
  tracesRoot: string;
  jobs: EvalJob[];
  screens: number;
  kinds: Record<string, number>;
  fuzzyItems: number;
  items: number;
}

/** Writes the corpus under `root` (which must not contain "screenshot": upstream splits paths on it). */
export function buildCorpus(root: string, episodes: number, variants = 8): Corpus {
  const rand = rng(12);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const bases = baseScreens();
  const poolDir = path.join(root, 'pool');
  mkdirSync(poolDir, { recursive: true });
  const pngs = bases.map((b, i) => { const f = path.join(poolDir, `base${i}.png`); writeFileSync(f, b.png); return f; });
  const pool = new Map<string, PoolEntry>();
  const entry = (bi: number, v: number): PoolEntry => {
    const key = `${bi}-${v}`;
    let e = pool.get(key);
    if (!e) {
      const screen = variant(bases[bi]!, v);
      const components = numberComponents(screen.vh);
      const f = (ext: string): string => path.join(poolDir, `${key}.${ext}`);
      writeFileSync(f('xml'), screen.xml);
      writeFileSync(f('vh'), droidbotJson(screen.vh));
      writeFileSync(f('json'), serialiseComponentsJson(components));
      e = { screen, components, files: { png: pngs[bi]!, xml: f('xml'), vh: f('vh'), json: f('json') } };
      pool.set(key, e);
    }
    return e;
  };
  const datasetRoot = path.join(root, 'dataset');
  const tracesRoot = path.join(root, 'traces');
  const rows = ['episode\tcategory\tpath\tdescription\tnsteps\tapp'];
  const jobs: EvalJob[] = [];
  const kinds: Record<string, number> = {};
  let fuzzyItems = 0;
  let items = 0;
  for (let e = 0; e < episodes; e++) {
    const id = String(9_000_000_000 + e);
    const v = e % variants;
    const n = 3 + Math.floor(rand() * 4);
    // Every base screen is used: episodes walk the pool in order, a few screens each.
    const steps = Array.from({ length: n }, (_, i) => entry((e * 3 + i) % bases.length, v));
    const rel = `general/ep_${e}`;
    const dir = path.join(datasetRoot, rel);
    mkdirSync(dir, { recursive: true });
    const centre = (c: NumberedComponent): { x: number; y: number } => { const b = componentBounds(c)!; return { x: Math.round((b.x1 + b.x2) / 2), y: Math.round((b.y1 + b.y2) / 2) }; };
    const withBox = (p: PoolEntry): NumberedComponent[] => p.components.filter((c) => { const b = componentBounds(c); return b && b.x2 - b.x1 > 8 && b.y2 - b.y1 > 8; });
    const taps = steps.slice(0, -1).map((p) => pick(withBox(p).filter((c) => c.clickable).concat(withBox(p)).slice(0, 40)) ?? p.components[0]!);
    const actions: GtAction[] = taps.map((c, i) => ({ kind: 'click', resolution: steps[i]!.screen.size, at: centre(c) }));
    const stateSteps = [1 + Math.floor(rand() * (n - 1))];
    if (rand() < SHARE.twoStates && n > 2) stateSteps.unshift(1 + Math.floor(rand() * (stateSteps[0]! - 1 || 1)));
    steps.forEach((p, i) => {
      for (const ext of ['png', 'xml', 'vh', 'json'] as const) linkSync(p.files[ext], path.join(dir, `${i}.${ext}`));
      writeFileSync(path.join(dir, `${i}.activity`), p.screen.activity + '\n');
    });
    for (const s of [...new Set(stateSteps)]) {
      const p = steps[s]!;
      const texts = withBox(p).filter((c) => c.text && c.text.length > 1);
      const icons = withBox(p).filter((c) => !c.text && !c['content-desc']);
      const out: string[] = [];
      if (rand() < SHARE.activity) out.push('activity<0>');
      const exact = 1 + (rand() < SHARE.exact2 ? 1 : 0);
      for (let k = 0; k < exact; k++) {
        const c = rand() < SHARE.icon && icons.length ? pick(icons) : texts.length ? pick(texts) : undefined;
        if (c) out.push(`exact<${c.id}>`);
      }
      if (s < n - 1 && rand() < SHARE.click) out.push(`click<${taps[s]!.id}>`);
      // A quarter of the fuzzy items are screen-level (fuzzy<-1>), as in the census subset.
      if (rand() < SHARE.fuzzy) { const screen = rand() < 0.25 || !texts.length; out.push(screen ? 'fuzzy<-1>' : `fuzzy<${pick(texts).id}>`); fuzzyItems++; }
      if (rand() < SHARE.install) out.push('check_install<Duolingo>');
      if (!out.length) out.push('activity<0>');
      items += out.length;
      writeFileSync(path.join(dir, `${s}.ess`), out.join('|'));
    }
    writeFileSync(path.join(dir, 'eventStructs.txt'), formatEventStructs(actions));
    writeFileSync(path.join(dir, 'instruction.txt'), `${id}\nBench task ${e}: walk through ${n} screens.\n`);
    rows.push(`${id}\tgeneral\t${rel}\tBench task ${e}\t${n}\tBench`);
    // The agent's trace.
    const kind = TRACE_KINDS[e % TRACE_KINDS.length]!;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const plan: { p: PoolEntry; action: ExecAction; activity: string }[] = steps.map((p, i) => {
      const size = p.screen.size;
      const a = actions[i];
      const action: ExecAction = a && a.kind === 'click' ? { kind: 'click', at: { x: a.at.x / size.width, y: a.at.y / size.height }, screen: size } : { kind: 'complete', screen: size };
      return { p, action, activity: p.screen.activity };
    });
    const last = stateSteps.at(-1)!;
    if (kind === 'detour') {
      const other = entry((e * 7 + 5) % bases.length, v);
      plan.splice(1, 0, { p: other, action: { kind: 'back', screen: other.screen.size }, activity: other.screen.activity });
    } else if (kind === 'skip-state') plan.splice(last, 1);
    else if (kind === 'other-texts') plan[last] = { ...plan[last]!, p: entry((e * 3 + last) % bases.length, (v + 1) % variants) };
    else if (kind === 'wrong-activity') for (const s of plan) s.activity = s.activity.replace(/\/.*$/, '/.SomewhereElseActivity');
    else if (kind === 'no-complete') plan[plan.length - 1]!.action = { kind: 'back', screen: plan[plan.length - 1]!.p.screen.size };
    else if (kind === 'wrong-tap') for (const s of plan) if (s.action.kind === 'click') s.action = { ...s.action, at: { x: 0.01, y: 0.003 } };
    const cd = path.join(tracesRoot, id, 'captured_data');
    for (const d of ['screenshot', 'xml', 'view_hierarchy', 'activity', 'action', 'installed_apps']) mkdirSync(path.join(cd, d), { recursive: true });
    plan.forEach((s, i) => {
      linkSync(s.p.files.png, path.join(cd, 'screenshot', `${i}.png`));
      linkSync(s.p.files.xml, path.join(cd, 'xml', `${i}.xml`));
      linkSync(s.p.files.vh, path.join(cd, 'view_hierarchy', `${i}.json`));
      // A third of the traces record the activity as AgentEnv does (package-less); upstream's substring rule accepts it too.
      const [pkg, cls] = s.activity.split('/') as [string, string];
      const agentEnv = e % 3 === 0 && cls ? (cls.startsWith('.') ? cls : cls.startsWith(`${pkg}.`) ? cls.slice(pkg.length) : cls) : s.activity;
      writeFileSync(path.join(cd, 'activity', `${i}.activity`), agentEnv);
      writeFileSync(path.join(cd, 'action', `${i}.action`), formatExecActionLine(s.action));
    });
    writeFileSync(path.join(cd, 'installed_apps', 'installed_apps.txt'), 'com.android.chrome\ncom.duolingo\n');
    jobs.push({ datasetRoot, relPath: rel, episode: id, category: 'general', nsteps: n, trace: { episode: id, dir: path.join(tracesRoot, id), layout: 'llamatouch', via: 'bench' } });
  }
  const metadata = path.join(root, 'metadata.tsv');
  writeFileSync(metadata, rows.join('\n') + '\n');
  return { root, metadata, datasetRoot, tracesRoot, jobs, screens: pool.size, kinds, fuzzyItems, items };
}
