import { existsSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import type { EvalMode } from '../../shared/evaluation/types';
import type { MethodName } from '../../shared/evaluation/metrics';
import type { FinalConvention } from '../../shared/evaluation/final-state';
import type { PersistRule } from '../../shared/evaluation/persistence';
import { PERSIST_OPTION } from './persist-option';
import { summaryTable, episodesCsv, summaryCsv, claimsTable, apartLine } from '../../shared/evaluation/report';
import { completionChartSvg } from '../../shared/evaluation/plot-svg';
import type { LabelBinding } from '../../shared/evaluation/label-binding';
import { bindCliLabels, readCliLabels, type CliLabels } from './eval-labels';
import { paperTables, tableFormatOf } from '../../shared/evaluation/paper-tables';
import { parseHumanLabels } from '../../shared/formats/human-labels';
import { formatProblem } from '../../shared/model';
import { sweepStaleTemps, writeFileAtomic } from '../platform/atomic-write';
import { runEvaluation, type RunOptions, type RunReport } from '../core/evaluation/run-evaluation';
import { evalManifest } from '../core/manifest/eval-manifest';
import { manifestFileOf } from '../../shared/evaluation/manifest';
import { checkManifestCommand } from './eval-check';
import { describeNonTraces, setLabel, traceSets } from '../core/traces/trace-sets';
import { agentsTable, setOutputs, type EvaluatedSet } from './eval-sets';
import { parseShard, type Shard } from './shard';
import { DEFAULT_EMBEDDER_SPEC, parseEmbedderSpec, type EmbedderSpec } from '../core/evaluation/embedding-provider';
import { checkpointTable } from '../../shared/evaluation/checkpoints/summary';
import { JUDGE_FLAGS, judgeOptionsFrom } from '../core/judge/judge-config';
import { humanQueueCsv, judgeSummaryText } from '../core/judge/judge-report';
import type { JudgeOptions } from '../core/judge/run-judge';
import { defineCommand, parseOrExit, usageError, type OptionDecl, type Values } from './args';

const METHODS: readonly MethodName[] = ['essential', 'stepwise', 'lcs', 'checkpoints', 'judge', 'hybrid'];

/** `--threshold X`: a cosine in (-1, 1]. */
function cosine(v: string): number {
  const x = Number(v);
  if (!(x > -1 && x <= 1)) throw new Error(`must be a number in (-1, 1]; got "${v}"`);
  return x;
}

/** `--table FILE`: its extension names the format. */
function tableFile(v: string): string {
  if (!tableFormatOf(v)) throw new Error(`--table names a .md, .tex or .csv file (the extension picks the format); got "${v}"`);
  return v;
}

function methodList(method: string): MethodName[] {
  return method === 'all' ? ['essential', 'stepwise', 'lcs'] : method.split(',').map((m) => {
    if (!(METHODS as readonly string[]).includes(m)) throw new Error(`--method must be ${METHODS.join(', ')} or all (or a comma list); got "${m}"`);
    return m as MethodName;
  });
}

const CHECKPOINTS = 'CheckPoints (Mobile-Bench)';
const JUDGE = 'LLM judge (judge, hybrid = judge + essential states; disagreements go to a needs-a-human queue)';

/** The judge's flags; judge-config.ts checks and converts them (only when a judge method runs). */
const JUDGE_OPTIONS = {
  'llm-base-url': { type: 'string', value: 'URL', group: JUDGE, description: 'OpenAI-compatible endpoint (or TOUCHSTONE_LLM_BASE_URL)' },
  'llm-model': { type: 'string', value: 'M[,M2]', group: JUDGE, description: 'judge model; two for cross-validation (or TOUCHSTONE_LLM_MODEL)' },
  'llm-key': { type: 'string', value: 'KEY', group: JUDGE, description: 'API key; prefer TOUCHSTONE_LLM_API_KEY (never written to any file or log)' },
  'judge-prompt': { type: 'string', value: 'F', group: JUDGE, description: 'prompt file (default resources/judge-prompt.md)' },
  'judge-input': { type: 'string', value: 'I', group: JUDGE, description: 'text (hierarchies, default) | vision (screenshots)' },
  'judge-frames': { type: 'string', value: 'F', group: JUDGE, description: 'auto (all screens for information queries, else the final one) | final | all' },
  'judge-cache': { type: 'string', value: 'DIR', group: JUDGE, description: 'answer cache by (model, prompt hash) (default ~/.cache/touchstone/judge)' },
  'judge-price': { type: 'string', value: 'P', group: JUDGE, description: 'USD per million tokens: IN/OUT or model=IN/OUT,... for the cost report' },
  'judge-concurrency': { type: 'string', value: 'N', group: JUDGE, description: 'episodes judged at once (default 4)' },
  'judge-retries': { type: 'string', value: 'N', group: JUDGE, description: 'retries on 429/5xx (default 4)' },
  'judge-timeout': { type: 'string', value: 'S', group: JUDGE, description: 'seconds per request, the whole answer included (default 120); answers over 8 MiB are refused' },
} as const satisfies Record<(typeof JUDGE_FLAGS)[number], OptionDecl>;

/** The command line of `touchstone eval`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['eval'],
  options: {
    dataset: { type: 'string', value: 'D', required: true, description: 'LlamaTouch dataset folder (with llamatouch_task_metadata.tsv or episode folders)' },
    traces: {
      type: 'string', value: 'T', required: true,
      description: 'agent traces: <episode>/captured_data/..., AutoDroid/DroidBot output folders, or AppAgent summary CSVs (appagent_trace.csv); detected automatically. The folder touchstone run --out wrote (<agent>/r<N>/<episode>/, one agent or several, repeats) is evaluated as written: each agent and repeat reported apart, then side by side',
    },
    'follow-links': { type: 'boolean', description: 'follow symbolic links that lead out of the given folders' },
    human: { type: 'string', value: 'FILE', description: 'human labels CSV (episode,agent,repeat,human[,annotator,comment], or episode,human bound to this agent) for accuracy, precision/recall, F1; default human_labels.csv in the traces folder when there' },
    method: {
      type: 'string', value: 'M', default: 'essential', parse: methodList,
      description: `${METHODS.join(' | ')} | all, or a comma list (all = essential,stepwise,lcs)`,
    },
    mode: { type: 'string', choices: ['fixed', 'legacy'], default: 'fixed', description: 'legacy reproduces upstream LlamaTouch, bugs included' },
    final: {
      type: 'string', choices: ['complete', 'none'],
      description: 'complete (default in fixed mode: after the last annotated state the agent must declare the task complete) | none (annotated states only; the default in legacy mode, as upstream\'s testbed evaluator, whose action baselines still end with it)',
    },
    persist: PERSIST_OPTION,
    json: { type: 'string', value: 'FILE', description: 'write the full report (every verdict with its evidence) as JSON' },
    csv: { type: 'string', value: 'FILE', description: 'write per-episode verdicts as CSV (and FILE.summary.csv with the metrics)' },
    'count-interrupted': { type: 'boolean', description: 'count interrupted / cancelled episodes as failures (default: left out of n and reported apart; step-limit episodes always count, reported apart too)' },
    jobs: { type: 'integer', min: 1, default: 2, description: 'worker threads (1 = in-process)' },
    cache: { type: 'string', value: 'DIR', description: 'keep results of unchanged episodes and computed embeddings in DIR: a re-run over unchanged inputs and settings reads them back instead of evaluating' },
    shard: {
      type: 'string', value: 'k/n', parse: parseShard,
      description: 'evaluate only every n-th matched episode starting at the k-th; shards count from 1 (1/n ... n/n), as in touchstone run, and together cover every episode',
    },
    embedder: { type: 'string', value: 'E', default: DEFAULT_EMBEDDER_SPEC, parse: parseEmbedderSpec, description: 'default | onnx:<model folder> | none (sentence embedder for fuzzy items)' },
    threshold: { type: 'string', value: 'X', parse: cosine, description: "cosine threshold for fuzzy<n> (default: the embedder's own)" },
    'screen-threshold': { type: 'string', value: 'X', parse: cosine, description: 'cosine threshold for fuzzy<-1> (default: per model, else --threshold)' },
    plot: { type: 'string', value: 'FILE', description: 'write an SVG bar chart of the completion rate per method (overall, per category, per difficulty; human labels as grey bars)' },
    html: { type: 'string', value: 'FILE', description: 'write one self-contained HTML report (chart, method table, filmstrips of failures with their reasons) that opens offline from file://' },
    table: { type: 'string', value: 'FILE', multiple: true, parse: tableFile, description: 'write the method table and the per-group table for a paper, every rate with n and its 95% Wilson interval: FILE.md (Markdown), FILE.tex (LaTeX, booktabs) or FILE.csv; repeatable' },
    quiet: { type: 'boolean', description: 'no progress bar' },
    'check-manifest': { type: 'string', value: 'FILE', description: 're-evaluate (without --dataset and --traces) what a --json report (or its .manifest.json) records, with the same settings, and say whether every verdict reproduces and which input changed (exit 0 reproduced, 1 not)' },
    checkpoints: { type: 'string', value: 'FILE', group: CHECKPOINTS, description: "test cases (ID, Query, APP List, CheckPoints); default <dataset>/checkpoints.json, then each episode's checkpoints.json" },
    ...JUDGE_OPTIONS,
    'human-queue': { type: 'string', value: 'FILE', group: JUDGE, description: 'write the needs-a-human queue as CSV' },
  },
  epilog: `Progress goes to stderr (a bar on a terminal, a line per 10% otherwise). Ctrl-C stops the workers and
still prints and writes the episodes already evaluated (exit 130). Exit 0 otherwise, 1 when an input is
unreadable or no trace matches a dataset episode (except in a --shard), 2 on a bad option.`,
});

/** `touchstone eval --check-manifest FILE`: the same options, none required. */
const CHECK_SPEC = defineCommand({ ...SPEC, options: { ...SPEC.options, dataset: { ...SPEC.options.dataset, required: false }, traces: { ...SPEC.options.traces, required: false } } });

interface Args {
  dataset: string; traces: string; human?: string; methods: MethodName[]; mode: EvalMode; final?: FinalConvention; persist?: PersistRule;
  json?: string; csv?: string; plot?: string; tables: string[]; html?: string; jobs: number; shard?: Shard; embedder: EmbedderSpec; quiet: boolean;
  threshold?: number; screenThreshold?: number; cache?: string; checkpoints?: string; judge?: JudgeOptions; humanQueue?: string;
  /** `--follow-links`: follow symbolic links out of the dataset and traces folders (refused without it). */
  followLinks: boolean;
  countInterrupted: boolean;
}

function toArgs(v: Values<typeof SPEC.options>): Args {
  const methods = v.method;
  const judgeFlags = Object.fromEntries(JUDGE_FLAGS.map((k) => [k, v[k]]));
  return {
    dataset: v.dataset, traces: v.traces, human: v.human, methods, mode: v.mode, final: v.final, persist: v.persist, json: v.json, csv: v.csv, plot: v.plot, tables: v.table, html: v.html, jobs: v.jobs,
    shard: v.shard, embedder: v.embedder, cache: v.cache, quiet: v.quiet, threshold: v.threshold, screenThreshold: v['screen-threshold'],
    checkpoints: v.checkpoints, humanQueue: v['human-queue'], followLinks: v['follow-links'], countInterrupted: v['count-interrupted'],
    // Unset --final: the mode's convention (fixed: complete; legacy: none for the essential states, as upstream's testbed evaluator).
    judge: methods.includes('judge') || methods.includes('hybrid') ? { ...judgeOptionsFrom(judgeFlags, process.env), onProgress: judgeProgress(v.quiet) } : undefined,
  };
}

function readable(dir: string, what: string): string | undefined {
  if (!existsSync(dir)) return `${what} ${dir} does not exist.`;
  if (!statSync(dir).isDirectory()) return `${what} ${dir} is not a folder.`;
  return undefined;
}

/**
 * Where this run will write, checked before evaluating (an hour of evaluation should not end in
 * "cannot write"): each report file's folder exists and is a folder, and --cache is a folder or can be one.
 */
function writable(a: Args): string | undefined {
  for (const f of [...outputs(a), a.html].filter((x): x is string => !!x)) {
    const dir = dirname(resolve(f));
    if (!existsSync(dir)) return `cannot write ${f}: the folder ${dir} does not exist. Create it, or write the report elsewhere.`;
    if (!statSync(dir).isDirectory()) return `cannot write ${f}: ${dir} is not a folder.`;
    if (existsSync(f) && statSync(f).isDirectory()) return `cannot write ${f}: it is a folder; name a file.`;
  }
  if (a.cache) {
    let dir = resolve(a.cache);
    if (existsSync(dir) && !statSync(dir).isDirectory()) return `--cache ${a.cache} is a file; name a folder (it is created when missing).`;
    while (!existsSync(dir)) dir = dirname(dir);
    if (!statSync(dir).isDirectory()) return `--cache ${a.cache}: ${dir} is a file, so the cache folder cannot be created under it.`;
  }
  return undefined;
}

/** `touchstone eval`: evaluates agent traces against a dataset; exit 0 unless inputs are unreadable or nothing matched to evaluate (1), options are wrong (2) or Ctrl-C (130). */
export async function run(argv: string[]): Promise<number> {
  // --check-manifest takes the dataset, traces and settings from the manifest.
  if (argv.some((x) => x === '--check-manifest' || x.startsWith('--check-manifest='))) {
    const c = parseOrExit(CHECK_SPEC, argv);
    return 'exit' in c ? c.exit : checkManifestCommand(c.values['check-manifest']!, c.values, readLabels);
  }
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  let a: Args;
  try { a = toArgs(p.values); } catch (err) { return usageError(SPEC, err); }
  const bad = readable(a.dataset, 'Dataset folder') ?? readable(a.traces, 'Traces folder') ?? writable(a);
  if (bad) { console.error(`touchstone eval: ${bad}`); return 1; }
  let cliLabels: CliLabels | undefined;
  try { cliLabels = readCliLabels(a.traces, a.human, (w) => console.error(`warning: ${w}`)); } catch (err) { console.error(`touchstone eval: ${(err as Error).message}`); return 1; }
  // Bound to this run's agent (the traces folder's name): rows of other agents are left out.
  const labels = cliLabels ? new Map(Object.entries(bindCliLabels(cliLabels, new Set()).labels)) : undefined;
  const progress = a.quiet ? undefined : progressReporter;
  const ac = new AbortController();
  // Installed until the last report file is written: a signal while evaluating stops the workers and keeps the
  // finished episodes; one while writing lets the writes finish (each atomic), so no output is lost or half-written.
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (sig: NodeJS.Signals): void => {
    signalled ??= sig;
    ac.abort(new Error(`Evaluation cancelled (${sig === 'SIGINT' ? 'Ctrl-C' : sig}).`));
  };
  for (const sig of STOP_SIGNALS) process.on(sig, onSignal);
  try {
    return await evaluateAndWrite(a, labels, ac, progress, () => signalled, cliLabels);
  } finally {
    for (const sig of STOP_SIGNALS) process.off(sig, onSignal);
  }
}

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Reads a human-labels CSV (warnings on stderr); null, with the reason on stderr, when it cannot be used. */
function readLabels(file: string): Map<string, boolean> | null {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (err) { console.error(`touchstone eval: cannot read human labels ${file}: ${(err as Error).message}`); return null; }
  const r = parseHumanLabels(text, file);
  if (!r.ok) { console.error(`touchstone eval: ${r.problems.map(formatProblem).join('\n')}`); return null; }
  for (const w of r.warnings) console.error(`warning: ${formatProblem(w)}`);
  return new Map(r.value.map((l) => [l.episode, l.completed]));
}

/** The report files `a` asks for. */
function outputs(a: Args): string[] {
  return [a.json, a.csv, a.csv && a.csv.replace(/\.csv$/i, '') + '.summary.csv', a.csv && manifestFileOf(a.csv), a.plot, a.humanQueue, ...a.tables].filter((f): f is string => !!f);
}

async function evaluateAndWrite(
  a: Args, labels: Map<string, boolean> | undefined, ac: AbortController,
  progress: (() => ReturnType<typeof progressReporter>) | undefined, signalled: () => NodeJS.Signals | undefined, cliLabels?: CliLabels,
): Promise<number> {
  // Temp files a killed run left beside these outputs are swept first (ours, older than this process).
  for (const f of outputs(a)) await sweepStaleTemps(dirname(f), basename(f));
  // The folder `touchstone run --out` wrote holds one set per agent and repeat, each evaluated and reported apart.
  const sets = traceSets(a.traces);
  const parts: EvaluatedSet[] = [];
  const runOptions = new Map<RunReport, RunOptions>();
  for (const set of sets) {
    if (ac.signal.aborted) break;
    const label = setLabel(set, sets);
    if (sets.length > 1) console.log(`${parts.length ? '\n' : ''}== ${label} (${set.dir})`);
    const bar = progress?.();
    let report;
    const options: RunOptions = {
      datasetRoot: a.dataset, tracesRoot: set.dir, methods: a.methods, mode: a.mode, final: a.final, persist: a.persist, countInterrupted: a.countInterrupted, jobs: a.jobs, shard: a.shard,
      embedder: a.embedder, cacheDir: a.cache, humanLabels: labels, signal: ac.signal, fuzzyThreshold: a.threshold, screenThreshold: a.screenThreshold,
      onProgress: bar, judge: a.judge, checkpointsFile: a.checkpoints, followLinks: a.followLinks, roots: [a.traces],
    };
    try {
      report = await runEvaluation(options);
      runOptions.set(report, options);
    } catch (err) {
      bar?.(-1, 0);
      console.error(`touchstone eval: ${(err as Error).message}`);
      return 1;
    }
    bar?.(-1, 0);
    // Bound again now the traces are known: labels that do not fit this agent's traces are warned about, in the output and the JSON.
    if (cliLabels) {
      const b: LabelBinding = bindCliLabels(cliLabels, new Set(report.outcomes.map((x) => x.episode)));
      report.warnings.unshift(...b.warnings);
      (report as RunReport & { labelBinding?: LabelBinding }).labelBinding = b;
      console.log(`labels: ${b.binding}${cliLabels.given ? '' : ' (found beside the traces)'}`);
    }
    printReport(a, report);
    parts.push({ set, label, report });
  }
  if (parts.length > 1) console.log(`\nagents (${parts.length} trace sets under ${a.traces})\n${agentsTable(parts, a.methods)}`);
  const cancelled = parts.some((p) => p.report.cancelled) || parts.length < sets.length;
  // A shard may rightly be empty (more shards than episodes); a whole run with nothing to evaluate is a mistake.
  const nothing = !cancelled && parts.every((p) => p.report.outcomes.length === 0) && !a.shard;
  if (nothing) {
    const unmatched = parts.reduce((n, p) => n + p.report.unmatchedTraces.length, 0);
    console.error(unmatched
      ? `touchstone eval: nothing was evaluated: none of the ${unmatched} trace(s) under ${a.traces} belongs to an episode of ${a.dataset} (a trace folder is matched by the episode id in its name or path, or the episode's folder name). Check that --dataset and --traces are the pair you meant.`
      : `touchstone eval: nothing was evaluated: no trace found under ${a.traces}. ${await describeNonTraces(a.traces)}`);
  }
  if (outputs(a).length) console.error(`eval: writing ${outputs(a).join(', ')}`);
  if (parts.length === 1) await writeOne(a, parts[0]!, labels, runOptions.get(parts[0]!.report)!);
  else if (parts.length > 1) await writeSets(a, parts, labels, runOptions);
  // 128 + the signal's number (130 for Ctrl-C), what shells report for a command a signal stopped.
  const sig = signalled();
  if (sig) return 128 + constants.signals[sig];
  return cancelled ? 130 : nothing ? 1 : 0;
}

/** The run's lines on stdout: counts, the summary table and each extra method's summary. */
function printReport(a: Args, report: RunReport): void {
  for (const w of report.warnings.slice(0, 20)) console.error(`warning: ${w}`);
  if (report.unmatchedTraces.length) console.error(`warning: ${report.unmatchedTraces.length} trace(s) match no dataset episode, e.g. ${report.unmatchedTraces[0]}`);
  const scope = report.cancelled ? `CANCELLED after ${report.outcomes.length} of ${report.planned}` : `${report.outcomes.length}`;
  console.log(`${scope} episode(s) evaluated (mode ${report.mode}, final ${report.final}${a.persist && report.final === 'complete' ? `, persist ${report.persist}` : ''}${a.shard ? `, shard ${a.shard.index}/${a.shard.count}` : ''}); ${report.episodesWithoutTrace} dataset episode(s) have no trace.`);
  console.log(summaryTable(report.groups, report.methods));
  const apart = apartLine(report.groups);
  if (apart) console.log(apart);
  const claims = claimsTable(report.rows, report.groups, report.methods);
  if (claims) console.log(`\n${claims}`);
  const effects = report.outcomes.filter((x) => x.sideEffects?.length);
  if (effects.length) console.log(`\nside effects (warnings; verdicts unchanged): ${effects.length} episode(s)\n${effects.slice(0, 20).map((x) => `  ${x.episode}: ${x.sideEffects!.join(' ')}`).join('\n')}`);
  if (report.checkpoints?.length) console.log(`\nCheckPoints (Mobile-Bench)\n${checkpointTable(report.checkpoints)}`);
  if (report.judge) console.log(`\n${judgeSummaryText(report.judge)}`);
  if (report.embedding) console.log(`embeddings: ${report.embedding.embeddingsComputed} computed for ${report.embedding.textsSeen} texts seen`);
}

/** The report files of one trace set, as they always were. */
async function writeOne(a: Args, p: EvaluatedSet, labels: Map<string, boolean> | undefined, options: RunOptions): Promise<void> {
  const { report } = p;
  // What produced these numbers, recorded with every report file (touchstone eval --check-manifest reads it back).
  const manifest = outputs(a).length || a.html ? await evalManifest(options, report, a.human && labels ? { file: a.human, labels } : undefined) : undefined;
  if (a.json) await writeFileAtomic(a.json, JSON.stringify({ ...report, manifest }, null, 2) + '\n');
  if (a.csv) {
    await writeFileAtomic(a.csv, episodesCsv(report.rows, report.methods));
    await writeFileAtomic(a.csv.replace(/\.csv$/i, '') + '.summary.csv', summaryCsv(report.groups));
    await writeFileAtomic(manifestFileOf(a.csv), JSON.stringify(manifest, null, 2) + '\n');
  }
  for (const t of a.tables) await writeFileAtomic(t, paperTables(report.groups, report.methods, p.label, tableFormatOf(t)!));
  if (a.humanQueue) await writeFileAtomic(a.humanQueue, report.judge ? humanQueueCsv(report.judge) : 'episode,method,verdicts,human,why\n');
  if (a.plot) await writeFileAtomic(a.plot, completionChartSvg(report.groups, report.methods, `Task completion rate (${report.outcomes.length} episodes, mode ${report.mode})`));
  if (a.html) {
    const { htmlReportFromRun } = await import('../core/reports/report-from-run');
    await writeFileAtomic(a.html, await htmlReportFromRun(report, a.dataset, p.set.dir, labels, p.label, manifest));
  }
}

/** The report files of several trace sets: each file holds every agent (and repeat), named. */
async function writeSets(a: Args, parts: EvaluatedSet[], labels: Map<string, boolean> | undefined, runOptions: Map<RunReport, RunOptions>): Promise<void> {
  // One manifest per trace set (agent and repeat): in the JSON each set's report carries its own, as a
  // single set's report does; beside the CSV and in the HTML all of them.
  const manifests = [];
  if (a.csv || a.json || a.html) for (const p of parts) manifests.push({ agent: p.label, manifest: await evalManifest(runOptions.get(p.report)!, p.report, a.human && labels ? { file: a.human, labels } : undefined) });
  const o = setOutputs(parts, a.traces, a.methods, manifests.map((m) => m.manifest));
  if (a.csv) await writeFileAtomic(manifestFileOf(a.csv), JSON.stringify(manifests, null, 2) + '\n');
  if (a.json) await writeFileAtomic(a.json, o.json);
  if (a.csv) {
    await writeFileAtomic(a.csv, o.csv);
    await writeFileAtomic(a.csv.replace(/\.csv$/i, '') + '.summary.csv', o.summaryCsv);
  }
  if (a.humanQueue) await writeFileAtomic(a.humanQueue, parts.map((p, i) => (p.report.judge ? humanQueueCsv(p.report.judge) : 'episode,method,verdicts,human,why\n').split('\n').slice(i ? 1 : 0).join('\n')).join(''));
  if (a.plot) await writeFileAtomic(a.plot, o.plot);
  // One table file per format, each set's tables one after the other.
  for (const t of a.tables) await writeFileAtomic(t, parts.map((p) => paperTables(p.report.groups, p.report.methods, p.label, tableFormatOf(t)!)).join('\n'));
  if (a.html) {
    const { htmlReportFromRuns } = await import('../core/reports/report-from-run');
    await writeFileAtomic(a.html, await htmlReportFromRuns(parts.map((p) => ({ agent: p.label, report: p.report, tracesRoot: p.set.dir })), a.dataset, labels, manifests));
  }
}

/** Judge progress on stderr: one line per 10% (requests are slow; the evaluator's bar is done by then). */
function judgeProgress(quiet: boolean): ((done: number, total: number) => void) | undefined {
  if (quiet) return undefined;
  let lastTenth = -1;
  return (done, total) => {
    const tenth = total ? Math.floor((10 * done) / total) : 10;
    if (done > 0 && (tenth > lastTenth || done === total)) { lastTenth = tenth; console.error(`judge: ${done}/${total} episodes`); }
  };
}

/**
 * Progress on stderr: a bar on a terminal; elsewhere (CI logs, pipes) one line per 10% so logs stay
 * short. Called with done = -1 to finish.
 */
function progressReporter(): (done: number, total: number, o?: { episode: string }) => void {
  const tty = process.stderr.isTTY;
  const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: 'eval [{bar}] {value}/{total} episodes | {eta}s left | {episode}', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
  let started = false;
  let lastTenth = -1;
  return (done, total, o) => {
    if (done < 0) { if (started) bar?.stop(); return; }
    if (bar) {
      if (!started) { bar.start(total, 0, { episode: '' }); started = true; }
      bar.update(done, { episode: o?.episode ?? '' });
      return;
    }
    const tenth = total ? Math.floor((10 * done) / total) : 10;
    if (done > 0 && (tenth > lastTenth || done === total)) {
      lastTenth = tenth;
      console.error(`eval: ${done}/${total} episodes (${total ? Math.round((100 * done) / total) : 100}%)`);
    }
  };
}
