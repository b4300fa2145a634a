import path from 'node:path';
import type { EvalSpec, EvaluationCalls } from '../../../shared/contract/evaluation';
import type { AppContext } from '../../kernel/context';
import { DatasetRegistry } from '../../kernel/dataset-registry';
import { AppError } from '../../kernel/errors';
import { writeFileAtomic } from '../../platform/atomic-write';
import { ConfinedFiles } from '../../platform/confined-read';

/** Existence of a path a call names (links followed: the folder the user named is what opens); nothing is read. */
const exists = (p: string): boolean => { try { return new ConfinedFiles({ roots: [], followLinks: true }, false).stat(p) !== undefined; } catch { return false; } };
import { htmlReport } from '../reports/html-report';
import { overviewCsv, overviewJson } from '../reports/overview-export';
import { episodeDetail } from './episode-detail';
import { openEvalSession, type EvalSession, type OpenInput } from './eval-session';
import { readLabelRows, writeLabel } from './human-label-file';
import { HUMAN_LABELS_FILE } from '../../../shared/formats/human-labels';
import { bindSessionLabels, repeatOf } from './session-labels';
import { judgeCalibration, votesOfExtraCells } from '../../../shared/evaluation/judge-calibration';
import { overviewPaperTables } from '../../../shared/evaluation/overview-tables';
import { manifestFileOf } from '../../../shared/evaluation/manifest';
import { agentChartSvg } from '../../../shared/evaluation/overview-metrics';
import { inspectFolder, traceKind } from './inspect-folder';
import { withOffered } from './offered-traces';
import { tasksFromIndex } from './tasks-from-index';
import { viewMethods } from './view-methods';
import { JudgeEndpointSettings } from '../judge/judge-endpoint';
import type { SecretServices } from '../secrets/secret-handlers';
import { loadCheckpointCase, saveCheckpointCase } from './checkpoint-file';
import { workerPool } from './worker-pool';
import { compareAgents, type SessionManifests } from './compare-agents';

/** A spec as the recent list keeps it: what was evaluated, never a job id or a cache flag. */
const recentSpec = ({ dataset, agents, human, embedder, methods, persist, countInterrupted }: EvalSpec): EvalSpec => ({
  dataset, agents: agents.map((a) => ({ name: a.name, path: a.path, ...(a.human ? { human: a.human } : {}) })),
  ...(human ? { human } : {}), ...(embedder ? { embedder } : {}), ...(methods?.length ? { methods } : {}), ...(persist ? { persist } : {}), ...(countInterrupted ? { countInterrupted } : {}),
});

/** Open evaluations kept in memory (the newest few; each holds cells only, details stay on disk). */
const KEEP = 8;
/** Evaluator workers stay started this long after an evaluation, so the next one does not start them again. */
const WORKERS_IDLE_MS = 60_000;

/**
 * The evaluation domain's calls: inspect a folder, open (a job, cached), replay details, labels,
 * exports and the comparison of two agents (both carry `manifests`, the CLI's manifest of each agent).
 */
export function evaluationHandlers(ctx: AppContext, secrets: SecretServices, manifests: SessionManifests): EvaluationCalls {
  workerPool.keepBetweenRuns(WORKERS_IDLE_MS);
  const sessions = new Map<string, EvalSession>();
  /** Traces roots registered for serving their screenshots: agent root -> registry id. */
  const fileIds = new Map<string, string>();
  /** The judge's endpoint set in the view; keys in the run form's key store. */
  const judgeEndpoint = new JudgeEndpointSettings(ctx.options.stateDir, secrets.store);

  // Paths arrive absolute: dispatch resolved relative ones against the first --root (their `host` tag), never the cwd.
  const allowedPath = async (p: string, what: string, mustExist = true): Promise<string> => {
    if (ctx.allowed) {
      try { ctx.allowed.resolve(p); } catch { throw new AppError('refused', `${what} ${p} refused: this server only opens folders inside ${ctx.allowed.roots().join(', ')} (--root).`); }
    }
    if (mustExist && !exists(p)) throw new AppError('not-found', `${what} ${p} does not exist on the machine running Touchstone.`);
    return path.resolve(p);
  };
  const session = (id: string): EvalSession => {
    const s = sessions.get(id);
    if (!s) throw new AppError('not-found', `Evaluation ${id} is not open (the app may have restarted); open it again.`);
    return s;
  };
  const serveRoot = (root: string): string => {
    let id = fileIds.get(root);
    if (!id) {
      id = DatasetRegistry.idOf(root);
      ctx.datasets.set({ id, root, name: path.basename(root), columns: null, tasks: [], problems: [] });
      fileIds.set(root, id);
    }
    return id;
  };

  async function open(given: EvalSpec, jobId: string | undefined, fromCache: boolean) {
    // The server's defaults (`serve --persist`) under what the form or the preset chose.
    const spec: EvalSpec = { ...given, persist: given.persist ?? ctx.options.evalDefaults?.persist };
    const names = new Set<string>();
    for (const a of spec.agents) {
      if (names.has(a.name)) throw new AppError('bad-request', `Two agents are named ${a.name}; give each a different name.`);
      names.add(a.name);
    }
    const dsPath = await allowedPath(spec.dataset, 'Dataset folder');
    if (traceKind(dsPath)) throw new AppError('bad-request', `${dsPath} holds agent traces, not a dataset: give it as an agent's traces folder and choose the dataset folder.`);
    const root = ctx.guard.add(dsPath);
    const agents: OpenInput['agents'] = [];
    for (const a of spec.agents) {
      const dir = await allowedPath(a.path, `Traces folder of ${a.name}`);
      const agentRoot = ctx.guard.add(dir);
      const labelFile = await allowedPath(a.human ?? spec.human ?? path.join(agentRoot, HUMAN_LABELS_FILE), `Human labels of ${a.name}`, false);
      // Read now, so a broken file is refused before the evaluation starts; bound once the traces are known.
      try { await readLabelRows(labelFile); } catch (err) { throw new AppError('bad-request', (err as Error).message); }
      agents.push({ name: a.name, root: agentRoot, labelFile, labels: new Map() });
      serveRoot(agentRoot);
    }
    // Every full open the user asked for is a recent evaluation (the form offers it again; as chosen, the server's defaults left out); a cached preview is not.
    if (!fromCache) await ctx.recent.addEvaluation(recentSpec(given)).catch(() => undefined);
    return ctx.jobs.run('evaluation', { jobId, label: `Evaluating ${path.basename(root)} (${agents.map((a) => a.name).join(', ')})` }, async (job) => {
      job.progress(0, 0, { phase: 'dataset' });
      // From the cache, the index alone gives the tasks (no scan of every episode folder).
      const quick = fromCache ? await tasksFromIndex(root) : undefined;
      const scanned = quick ?? await ctx.backend.open(root, (d, t) => job.progress(d, t, { phase: 'dataset' }), job.signal);
      const datasetId = DatasetRegistry.idOf(root);
      ctx.datasets.set({ id: datasetId, root, name: path.basename(root) || root, ...scanned });
      const s = await openEvalSession({
        spec, datasetId, datasetRoot: root, datasetName: path.basename(root), datasetTasks: scanned.tasks, agents,
        cacheDir: path.join(ctx.options.stateDir, 'eval-cache'), signal: job.signal, progress: job.progress, fromCache,
        // Links inside the folders of this evaluation (and the server's --root) are followed; none out of them.
        roots: [root, ...agents.map((a) => a.root), ...(ctx.allowed?.roots() ?? [])],
      });
      await bindSessionLabels(s).catch((err: unknown) => { throw new AppError('bad-request', (err as Error).message); });
      sessions.set(s.id, s);
      while (sessions.size > KEEP) sessions.delete(sessions.keys().next().value!);
      return s.overview;
    });
  }

  return {
    'eval:inspect': async (args) => withOffered(await inspectFolder(await allowedPath(args.path, 'Folder'))),
    'eval:open': (args) => open(args, args.jobId, args.fromCache === true),
    'eval:preset': async () => ctx.options.evaluation ?? null,
    'eval:recent': () => ctx.recent.listEvaluations(),
    'eval:compare': async (args) => compareAgents(session(args.evalId), manifests, args.a, args.b, args.method ?? 'essential'),
    'eval:episode': async (args) => {
      const s = session(args.evalId);
      try {
        return await episodeDetail(s, args.agent, args.episode, {
          gtUrl: (rel) => ctx.options.fileUrl(s.overview.datasetId, rel),
          agentUrl: (agent, abs) => {
            const root = s.agents.get(agent)!.root;
            const rel = path.relative(root, abs);
            return rel.startsWith('..') || path.isAbsolute(rel) ? null : ctx.options.fileUrl(serveRoot(root), rel.split(path.sep).join('/'));
          },
          loadEpisode: (rel) => ctx.backend.episode(s.datasetRoot, rel),
        });
      } catch (err) {
        throw err instanceof AppError ? err : new AppError('not-found', (err as Error).message);
      }
    },
    'eval:label': async (args) => {
      const s = session(args.evalId);
      const a = s.agents.get(args.agent);
      if (!a) throw new AppError('not-found', `No agent named ${args.agent} in this evaluation.`);
      const ep = args.episode;
      if (!s.tasks.has(ep)) throw new AppError('not-found', `Episode ${ep} is not in the dataset.`);
      const repeat = repeatOf(a.root, [...a.traces.values()].map((t) => t.dir));
      try { await writeLabel(a.labelFile, ep, args.human, { agent: a.name, ...(repeat !== undefined ? { repeat } : {}) }); } catch (err) { throw new AppError('bad-request', (err as Error).message); }
      // Every agent is bound again: agents sharing the file see the change as their binding says.
      const labelBindings = await bindSessionLabels(s);
      return { file: a.labelFile, labels: s.overview.human[a.name] ?? {}, human: s.overview.human, labelBindings, warnings: s.overview.warnings };
    },
    'eval:methods': async (args) => {
      const s = session(args.evalId);
      try { return (s.extra = await viewMethods(s, args.methods, { cacheDir: ctx.options.stateDir, env: process.env, appEndpoint: () => judgeEndpoint.flags() })); } catch (err) { throw new AppError('bad-request', (err as Error).message); }
    },
    'eval:judgeEndpoint': () => judgeEndpoint.view(),
    'eval:judgeEndpointSet': async (args) => {
      const view = await judgeEndpoint.set(args);
      // Every window's panel and judge column follow (the view holds key names, never a key).
      ctx.emit('eval:judgeEndpoint', view);
      return view;
    },
    'checkpoints:load': async (args) => loadCheckpointCase(ctx.datasets.get(args.datasetId).root, args.episode),
    'checkpoints:save': async (args) => saveCheckpointCase(ctx.datasets.get(args.datasetId).root, args.episode, args.edit, args.base),
    'eval:export': async (args) => {
      const s = session(args.evalId);
      const o = s.overview;
      // What produced these numbers: each agent's manifest, the object `touchstone eval` writes.
      const ms = await manifests(s);
      let content: string;
      if (args.format === 'csv') content = overviewCsv(o);
      else if (args.format === 'json') content = overviewJson(o, ms);
      else if (args.format === 'md' || args.format === 'tex') content = overviewPaperTables(o, args.format);
      else if (args.format === 'tables-csv') content = overviewPaperTables(o, 'csv');
      else if (args.format === 'svg') content = agentChartSvg(o);
      else {
        content = await htmlReport({
          overview: o,
          essential: async (agent, ep) => (await s.agents.get(agent)?.cache.detail(ep))?.fixed.essential,
          trace: (agent, ep) => s.agents.get(agent)?.traces.get(ep),
          ...(s.extra ? { calibration: judgeCalibration(votesOfExtraCells(s.extra.cells, o.human)) } : {}),
          manifest: ms,
        });
      }
      const bytes = Buffer.byteLength(content);
      // A CSV's or a table's manifest goes beside it, as `touchstone eval --csv` writes it.
      const manifest = ['csv', 'tables-csv', 'md', 'tex'].includes(args.format) ? JSON.stringify(ms, null, 2) + '\n' : undefined;
      if (args.path === undefined) return { bytes, content, ...(manifest ? { manifest } : {}) };
      const file = await allowedPath(args.path, 'Export file', false);
      // Written only inside the folders this evaluation opened (the UI downloads instead).
      try { ctx.guard.resolve(file); } catch (err) { throw new AppError('refused', `${(err as Error).message} Export into the dataset or a traces folder, or download the report.`); }
      await writeFileAtomic(file, content);
      if (!manifest) return { path: file, bytes };
      const manifestPath = manifestFileOf(file);
      await writeFileAtomic(manifestPath, manifest);
      return { path: file, bytes, manifestPath };
    },
  };
}
