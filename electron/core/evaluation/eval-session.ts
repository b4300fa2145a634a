import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TaskEntry } from '../../../shared/contract-types';
import type { EvalCell, EvalExtraResult, EvalOverview, EvalSpec, EvalTask } from '../../../shared/contract/evaluation';
import { difficultyOf } from '../../../shared/evaluation/metrics';
import { persistRuleFor } from '../../../shared/evaluation/persistence';
import { goalReached } from '../../../shared/evaluation/claims';
import type { ProgressFn } from '../../kernel/job-service';
import { ContentHasher } from './content-hash';
import { cacheName, EVAL_CACHE_VERSION, EvalCache, type CachedDetail } from './eval-cache';
import { evaluateSubset } from './evaluate-subset';
import { DEFAULT_EMBEDDER_SPEC } from './embedding-provider';
import { findTraces, type TraceRef } from '../traces/trace-layouts';

/** One agent of an open evaluation. */
export interface SessionAgent {
  name: string;
  /** Real path of the agent's traces folder. */
  root: string;
  /** Dataset episode id -> its trace. */
  traces: Map<string, TraceRef>;
  cache: EvalCache;
  labelFile: string;
  labels: Map<string, boolean>;
}

/** An evaluation held open by the core: what the overview shows plus where the details are. */
export interface EvalSession {
  id: string;
  spec: EvalSpec;
  datasetRoot: string;
  tasks: Map<string, EvalTask>;
  agents: Map<string, SessionAgent>;
  overview: EvalOverview;
  /** The folders this evaluation reads inside (links out of them are refused). */
  roots: readonly string[];
  /** The extra methods last computed for it (the HTML report's judge calibration reads them). */
  extra?: EvalExtraResult;
}

/** What opening needs besides the spec: the dataset's tasks (already opened) and where caches live. */
export interface OpenInput {
  spec: EvalSpec;
  datasetId: string;
  datasetRoot: string;
  datasetName: string;
  datasetTasks: readonly TaskEntry[];
  /** Agent name -> { real traces root, label file and its labels }. */
  agents: { name: string; root: string; labelFile: string; labels: Map<string, boolean> }[];
  cacheDir: string;
  signal?: AbortSignal;
  progress?: ProgressFn;
  /** Return the last stored cells without checking any file (see EvalOverview.verified). */
  fromCache?: boolean;
  /** Worker threads for evaluating what is not cached (default 2: the server's thread stays free to answer; one stale trace runs in-process). */
  jobs?: number;
  /** Folders links may lead into (default: the dataset and the agents' traces folders); nothing outside is read. */
  roots?: readonly string[];
}

const toTask = (t: TaskEntry): EvalTask => ({
  episode: t.episode, category: t.category, app: t.app, description: t.description, nsteps: t.nsteps, difficulty: difficultyOf(t.nsteps), path: t.path,
});

/** The overview cell of one result. */
export function cellOf(agent: string, episode: string, d: CachedDetail): EvalCell {
  const x = d.fixed;
  const cell: EvalCell = { agent, episode, verdicts: {} };
  if (x.error) {
    cell.error = x.error;
    cell.verdicts = { essential: false, legacy: false, stepwise: false, lcs: false };
    return cell;
  }
  if (x.essential) { cell.verdicts.essential = x.essential.completed; cell.progress = x.essential.progress; if (x.essential.reason) cell.reason = x.essential.reason; cell.goalReached = goalReached(x.essential); }
  if (x.claim) cell.claim = x.claim;
  if (x.sideEffects) cell.sideEffects = x.sideEffects;
  if (d.legacy) cell.verdicts.legacy = d.legacy.completed;
  if (x.stepwise) cell.verdicts.stepwise = x.stepwise.completed;
  if (x.lcs) cell.verdicts.lcs = x.lcs.completed;
  return cell;
}

/**
 * Opens an evaluation: finds each agent's traces, keys every task x agent by the content of its
 * ground-truth folder (annotations, screens) and its trace folder, takes unchanged ones from the
 * on-disk cache and evaluates the rest (every method, both modes) as one job.
 */
export async function openEvalSession(o: OpenInput): Promise<EvalSession> {
  const t0 = performance.now();
  const tasks = new Map(o.datasetTasks.map((t) => [t.episode, toTask(t)]));
  const byFolder = new Map(o.datasetTasks.map((t) => [path.basename(t.path), t.episode]));
  const persist = persistRuleFor('fixed', o.spec.persist);
  const settings = JSON.stringify({ v: EVAL_CACHE_VERSION, embedder: o.spec.embedder ?? DEFAULT_EMBEDDER_SPEC, final: 'complete', persist });
  const warnings: string[] = [];
  const agents = new Map<string, SessionAgent>();
  const confine = { roots: o.roots ?? [o.datasetRoot, ...o.agents.map((a) => a.root)] };
  for (const a of o.agents) {
    const cache = await EvalCache.open(o.cacheDir, cacheName(o.datasetRoot, a.root), settings);
    const traces = new Map<string, TraceRef>();
    // From the cache, the traces are where they were last time (no folder scan).
    if (o.fromCache) for (const [ep, e] of cache.entries()) { if (tasks.has(ep)) traces.set(ep, e.trace); }
    else {
      for (const t of findTraces(a.root, confine)) {
        const ep = tasks.has(t.episode) ? t.episode : byFolder.get(t.episode);
        if (ep !== undefined && !traces.has(ep)) traces.set(ep, t);
      }
      if (!traces.size) warnings.push(`Agent ${a.name}: no trace in ${a.root} matches an episode of the dataset (by episode id or folder name).`);
    }
    agents.set(a.name, { name: a.name, root: a.root, traces, cache, labelFile: a.labelFile, labels: a.labels });
  }
  const total = [...agents.values()].reduce((n, a) => n + a.traces.size, 0);
  let checked = 0;
  o.progress?.(0, total, { phase: 'checking', message: 'Comparing files with the cache' });
  const cells: EvalCell[] = [];
  let reused = 0;
  let evaluated = 0;
  // Agents share ground truths: each episode folder is hashed once per open.
  const gtHashes = new Map<string, string>();
  for (const a of agents.values()) {
    if (o.fromCache) {
      // The cache is per trace folder, not per name: the same folder opened under another name keeps its cells.
      for (const [, e] of a.cache.entries()) if (tasks.has(e.cell.episode)) { cells.push({ ...e.cell, agent: a.name }); reused++; }
      continue;
    }
    const hasher = new ContentHasher(await a.cache.loadFiles(), confine);
    const stale: { episode: string; key: string; ref: TraceRef }[] = [];
    for (const [episode, ref] of a.traces) {
      o.signal?.throwIfAborted();
      const task = tasks.get(episode)!;
      let gt = gtHashes.get(episode);
      if (gt === undefined) gtHashes.set(episode, (gt = hasher.folder(path.join(o.datasetRoot, task.path))));
      const tr = hasher.folder(ref.dir);
      const key = createHash('sha1').update(`${gt}\0${tr}\0${ref.layout}`).digest('hex');
      const cell = a.cache.get(episode, key, ref);
      if (cell) { cells.push({ ...cell, agent: a.name }); reused++; } else stale.push({ episode, key, ref });
      o.progress?.(++checked, total, { phase: 'checking' });
      // Let progress events and other calls through between folders (a first hash reads every file of both).
      await new Promise((r) => setImmediate(r));
    }
    if (stale.length) {
      const { results, warnings: w } = await evaluateSubset(stale.map((s) => s.ref), {
        datasetRoot: o.datasetRoot, roots: confine.roots, embedder: o.spec.embedder ?? DEFAULT_EMBEDDER_SPEC, persist, jobs: o.jobs ?? 2, signal: o.signal,
        onProgress: (d, t, phase, ep) => o.progress?.(d, t, { phase: `${a.name}: ${phase}`, ...(ep ? { message: ep } : {}) }),
      });
      warnings.push(...w);
      for (const s of stale) {
        const r = results.get(s.ref.episode);
        const detail: CachedDetail = r ?? { fixed: { episode: s.episode, category: tasks.get(s.episode)!.category, nsteps: 0, traceDir: s.ref.dir, layout: s.ref.layout, error: 'The evaluator returned no result for this trace.' } };
        const cell = cellOf(a.name, s.episode, detail);
        await a.cache.put(s.episode, s.key, cell, s.ref, detail);
        cells.push(cell);
        evaluated++;
      }
    }
    hasher.retainUnder([o.datasetRoot, a.root]);
    await a.cache.save(new Set(a.traces.keys()));
  }
  const order = new Map([...tasks.keys()].map((e, i) => [e, i]));
  const agentOrder = new Map(o.agents.map((a, i) => [a.name, i]));
  cells.sort((x, y) => order.get(x.episode)! - order.get(y.episode)! || agentOrder.get(x.agent)! - agentOrder.get(y.agent)!);
  const overview: EvalOverview = {
    evalId: randomUUID(), datasetId: o.datasetId, datasetRoot: o.datasetRoot, datasetName: o.datasetName,
    agents: o.agents.map((a) => a.name), tasks: [...tasks.values()], cells,
    human: Object.fromEntries([...agents.values()].map((a) => [a.name, Object.fromEntries(a.labels)])),
    humanFiles: Object.fromEntries([...agents.values()].map((a) => [a.name, a.labelFile])),
    cache: { reused, evaluated }, verified: !o.fromCache, warnings, elapsedMs: Math.round(performance.now() - t0), persist,
    ...(o.spec.countInterrupted ? { countInterrupted: true } : {}),
  };
  return { id: overview.evalId, spec: o.spec, datasetRoot: o.datasetRoot, tasks, agents, overview, roots: confine.roots };
}
