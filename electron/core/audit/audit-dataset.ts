import path from 'node:path';
import { AUDIT_DEFAULTS, type AuditItem, type AuditPass, type AuditReport, type AuditTask } from '../../../shared/contract/audit';
import type { EssentialResult, GtStateInput, TraceInput } from '../../../shared/evaluation/types';
import { formatEssItem } from '../../../shared/formats/ess';
import { componentBounds, numberComponents } from '../../../shared/formats/number-components';
import type { Bounds, NumberedComponent } from '../../../shared/model';
import { openDataset } from '../datasets/open-dataset';
import { loadGroundTruth, type GroundTruth } from '../evaluation/load-ground-truth';
import { readAppPackages } from '../evaluation/app-table';
import { DEFAULT_EMBEDDER_SPEC, LazyEmbedder, lazyLookup } from '../evaluation/embedding-provider';
import { EssentialSession, type EmbeddingLookup } from '../evaluation/essential-session';
import { readRecording } from '../traces/recording-steps';
import { memorySource } from '../traces/step-source';
import type { AuditProbe } from './audit-traces';
import { planProbes, probeRow, type ProbeContext } from './probe-table';
import { installSuggestion, packagesAfterReset } from './audit-install';
import { ReplayWorld } from '../../virtual-device/world/replay/replay-world';
import { loadRunTasks, type ResetSpec } from '../runner/run-tasks';

export interface AuditOptions {
  datasetRoot: string;
  seed?: number;
  /** Random traces per task (seeds seed, seed+1, ...). */
  randomTraces?: number;
  /** Default: `touchstone eval`'s default embedder, loaded when a fuzzy item first compares two different texts. */
  embedder?: EmbeddingLookup;
  appTableFile?: string;
  signal?: AbortSignal;
  onProgress?(done: number, total: number, episode?: string): void;
}

/** The items of the annotated states that held where the probe passed them. */
function passingItems(r: EssentialResult): AuditItem[] {
  return r.states.filter((s) => !s.implicit && s.matched).flatMap((s) => s.items.filter((i) => i.status === 'pass').map((i) => ({ step: s.gtStep, item: i.item, at: s.execStep ?? 0, sentence: i.sentence })));
}

/** The smallest numbered component of a screen under a tap: what a `click<n>` item of that step names. */
function tappedComponent(components: readonly NumberedComponent[], x: number, y: number): NumberedComponent | undefined {
  const area = (b: Bounds): number => (b.x2 - b.x1) * (b.y2 - b.y1);
  return components.map((c) => ({ c, b: componentBounds(c) })).filter((h): h is { c: NumberedComponent; b: Bounds } => !!h.b && x >= h.b.x1 && x <= h.b.x2 && y >= h.b.y1 && y <= h.b.y2)
    .sort((p, q) => area(p.b) - area(q.b))[0]?.c;
}

/**
 * A stronger item for the state the probe got through: text of that state's screen shown on none of
 * the probe's screens (an `exact`), else the recorded tap or typing on that screen or the one before
 * it (a `click` or `type` a trace can only pass by acting), else advice.
 */
function suggestion(state: GtStateInput, probe: AuditProbe, recording: TraceInput): string {
  const seen = new Set(probe.trace.steps.flatMap((s) => s.hierarchy?.nodes.map((n) => (n.text ?? '').trim()) ?? []));
  const distinct = state.components.find((c) => c.text.trim() && !seen.has(c.text.trim()));
  if (distinct) return `add ${formatEssItem({ kind: 'exact', target: { index: distinct.id } })} to step ${state.step}: "${distinct.text.trim()}" is on that screen and on none of the ${probe.label} trace's screens.`;
  for (const step of [state.step, state.step - 1]) {
    const rec = recording.steps[step];
    const act = rec?.action;
    if (act?.kind === 'type') return `add ${formatEssItem({ kind: 'type', text: act.text })} to step ${step}: the recorded typing: a trace passes it only by typing it there.`;
    // Recorded taps are fractions of the screen (LlamaTouch's action lines); components are in pixels.
    if (act?.kind !== 'click' || !rec?.hierarchy) continue;
    const hit = tappedComponent(step === state.step ? state.components : numberComponents(rec.hierarchy), act.at.x * act.screen.width, act.at.y * act.screen.height);
    if (hit) return `add ${formatEssItem({ kind: 'click', target: { index: hit.id } })} to step ${step}: the recorded tap${hit.text ? ` on "${hit.text}"` : ''}: a trace passes it only by making that tap on that screen.`;
  }
  return `add to step ${state.step} an item only its screen shows, or annotate a step between the first screen and it.`;
}

/**
 * Whether a pass shows a weak annotation. A random walk on the replay world moves on only by the
 * recorded actions, so one that reaches a state's own screen did that part of the task: it fools the
 * annotation only where a state held on an earlier screen than its own (on a device, a screen the
 * recording does not hold is not counted as earlier: the walk may have done the task another way).
 */
function fooled(p: AuditProbe, r: EssentialResult): boolean {
  if (p.kind !== 'random') return true;
  return r.states.some((s) => { const shown = p.screens[s.execStep ?? 0]; return !s.implicit && s.matched && shown !== undefined && shown < s.gtStep; });
}

/** Evaluates a task's probe traces: each probe run and whether it passed, and the passes with their items and a stronger item. */
export async function judgeProbes(session: EssentialSession, gt: GroundTruth, recording: TraceInput, probes: readonly AuditProbe[]): Promise<Pick<AuditTask, 'probes' | 'passes'>> {
  const out: AuditTask['probes'] = [];
  const passes: AuditPass[] = [];
  for (const p of probes) {
    const r = await session.evaluate(gt, memorySource(p.trace));
    const passed = r.completed && fooled(p, r);
    out.push({ kind: p.kind, label: p.label, passed });
    if (!passed) continue;
    const items = passingItems(r);
    // The state the probe should not have reached: the last one for a whole-task probe, the cut one for a cut.
    const cutAt = p.kind === 'cut' ? Number(/\d+$/.exec(p.label)?.[0]) : undefined;
    const state = gt.states.find((s) => s.step === cutAt) ?? gt.states[gt.states.length - 1]!;
    const stronger = suggestion(state, p, recording);
    passes.push({ kind: p.kind, label: p.label, items: cutAt === undefined ? items : items.filter((i) => i.step === cutAt), suggestion: p.kind === 'install' ? installSuggestion(items, stronger) : stronger });
  }
  return { probes: out, passes };
}

/** Runs every probe of the table on one task offline; the task's passes, with the items that let each pass and a stronger item. */
async function auditTask(session: EssentialSession, root: string, relPath: string, gt: GroundTruth, o: AuditOptions, reset: ResetSpec): Promise<Omit<AuditTask, 'episode' | 'path' | 'description'>> {
  const recording = await readRecording(root, relPath);
  if (!recording.steps.length) return { states: gt.states.length, probes: [], passes: [], error: `${path.join(root, relPath)} holds no recorded step: there is nothing to build traces from.` };
  const episodeDir = path.join(root, relPath);
  const c: ProbeContext = {
    recording, gt, episodeDir, seed: o.seed ?? AUDIT_DEFAULTS.seed, randomTraces: o.randomTraces ?? AUDIT_DEFAULTS.randomTraces,
    // The replay world's packages and the recording's own list (a recording keeps the one of its end): what a reset starts from.
    startPackages: () => packagesAfterReset([...new Set([...ReplayWorld.fromDir(episodeDir).packages().map((p) => p.name), ...(recording.installedApps ?? [])])], reset),
  };
  const probes: AuditProbe[] = [];
  for (const plan of planProbes(c)) {
    const p = await probeRow(plan.kind).offline(plan, c);
    if (p) probes.push(p);
  }
  return { states: gt.states.length, ...(await judgeProbes(session, gt, recording, probes)) };
}

/** The evaluation session every audit uses: `touchstone eval`'s fixed mode, the agent's completion claim required. */
export function auditSession(o: Pick<AuditOptions, 'appTableFile' | 'embedder'>): EssentialSession {
  return new EssentialSession(
    { mode: 'fixed', appPackages: readAppPackages(o.appTableFile), final: 'complete' },
    o.embedder ?? lazyLookup(new LazyEmbedder(DEFAULT_EMBEDDER_SPEC)),
  );
}

/** Each task's reset (touchstone-tasks.json, else clearing its app), as the runner reads it; none when the index cannot be read. */
export async function taskResets(root: string): Promise<Map<string, ResetSpec>> {
  return new Map((await loadRunTasks(root, 'all').catch(() => [])).map((t) => [t.episode, t.reset]));
}

/**
 * Audits every annotated task of a dataset offline: its annotation against a no-op trace, seeded
 * random traces on the replay world of its recording, its recording cut before each annotated step,
 * and an `am start` shortcut to the final activity, each evaluated as `touchstone eval` does (fixed
 * mode, the agent's completion claim required). Cancelling through `signal` returns the tasks done.
 */
export async function auditDataset(o: AuditOptions): Promise<AuditReport> {
  const t0 = performance.now();
  const ds = await openDataset(o.datasetRoot);
  const session = auditSession(o);
  const resets = await taskResets(ds.root);
  const tasks: AuditTask[] = [];
  let unannotated = 0;
  let cancelled = false;
  o.onProgress?.(0, ds.episodes.length);
  for (const [k, ep] of ds.episodes.entries()) {
    if (o.signal?.aborted) { cancelled = true; break; }
    const base = { episode: ep.id, path: ep.path, description: ep.description };
    try {
      const gt = await loadGroundTruth(ds.root, ep.path);
      if (!gt.states.length) unannotated++;
      else tasks.push({ ...base, ...(await auditTask(session, ds.root, ep.path, gt, o, resets.get(ep.id) ?? {})) });
    } catch (err) {
      tasks.push({ ...base, states: 0, probes: [], passes: [], error: `${path.join(ds.root, ep.path)}: ${(err as Error).message}` });
    }
    o.onProgress?.(k + 1, ds.episodes.length, ep.id);
  }
  return { datasetRoot: ds.root, seed: o.seed ?? AUDIT_DEFAULTS.seed, tasks, unannotated, ...weakTasks(tasks), cancelled, elapsedMs: performance.now() - t0 };
}

/** The report's two lists: tasks a no-op, install, random or shortcut probe passes, and those only a cut passes. */
export function weakTasks(tasks: readonly AuditTask[]): Pick<AuditReport, 'weak' | 'cut'> {
  return {
    weak: tasks.filter((t) => t.passes.some((p) => p.kind !== 'cut')).map((t) => t.episode),
    cut: tasks.filter((t) => t.passes.length && t.passes.every((p) => p.kind === 'cut')).map((t) => t.episode),
  };
}

/** The report as text: one line per weak task and probe, with the items that let it pass and a stronger item. */
export function auditText(r: AuditReport): string {
  const lines = [`${r.tasks.length} annotated task(s) audited (${r.unannotated} without annotation)${r.cancelled ? ', CANCELLED' : ''}: ${r.weak.length} pass a no-op, random or shortcut trace; ${r.cut.length} more pass only a cut recording${r.devices ? ` (probes run on ${r.devices.join(', ')})` : ''}.`];
  for (const t of r.tasks) {
    if (t.error) lines.push(`${t.episode}: not audited: ${t.error}`);
    for (const p of t.passes) {
      const items = p.items.map((i) => `step ${i.step} ${i.item} (held at trace step ${i.at})`).join(', ') || 'no annotated item (the states hold without any)';
      lines.push(`${t.episode}: passes ${p.label} through ${items}; suggested: ${p.suggestion}`);
    }
  }
  return lines.join('\n');
}
