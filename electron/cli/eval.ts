import { existsSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import type { EvalMode } from '../../shared/evaluation/types';
import type { MethodName } from '../../shared/evaluation/metrics';
import type { FinalConvention } from '../../shared/evaluation/final-state';
import { summaryTable, episodesCsv, summaryCsv } from '../../shared/evaluation/report';
import { completionChartSvg } from '../../shared/evaluation/plot-svg';
import { parseHumanLabels } from '../../shared/formats/human-labels';
import { formatProblem } from '../../shared/model';
import { sweepStaleTemps, writeFileAtomic } from '../platform/atomic-write';
import { runEvaluation } from '../core/evaluation/run-evaluation';
import { parseShard, type Shard } from './shard';
import { DEFAULT_EMBEDDER_SPEC, parseEmbedderSpec, type EmbedderSpec } from '../core/evaluation/embedding-provider';
import { checkpointTable } from '../../shared/evaluation/checkpoints/summary';
import { JUDGE_FLAGS, judgeOptionsFrom } from '../core/judge/judge-config';
import { humanQueueCsv, judgeSummaryText } from '../core/judge/judge-report';
import type { JudgeOptions } from '../core/judge/run-judge';

const METHODS: readonly MethodName[] = ['essential', 'stepwise', 'lcs', 'checkpoints', 'judge', 'hybrid'];

const USAGE = `Usage: touchstone eval --dataset D --traces T [options]

  --dataset D        LlamaTouch dataset folder (with llamatouch_task_metadata.tsv or episode folders)
  --traces T         agent traces: <episode>/captured_data/..., AutoDroid/DroidBot output folders,
                     or AppAgent summary CSVs (appagent_trace.csv); detected automatically
  --human FILE       human labels CSV (episode,human) for accuracy, precision/recall, F1
  --method M         essential | stepwise | lcs | checkpoints | judge | hybrid | all, or a comma list
                     (default essential; all = essential,stepwise,lcs)
  --mode M           fixed (default) | legacy (reproduce upstream LlamaTouch, bugs included)
  --final F          complete (default in fixed mode: after the last annotated state the agent must
                     declare the task complete) | none (annotated states only; the default in legacy
                     mode, as upstream's testbed evaluator, whose action baselines still end with it)
  --json FILE        write the full report (every verdict with its evidence) as JSON
  --csv FILE         write per-episode verdicts as CSV (and FILE.summary.csv with the metrics)
  --jobs N           worker threads (default 2; 1 = in-process)
  --cache DIR        keep results of unchanged episodes and computed embeddings in DIR: a re-run
                     over unchanged inputs and settings reads them back instead of evaluating
  --shard k/n        evaluate only every n-th matched episode starting at the k-th; shards count
                     from 1 (1/n ... n/n), as in touchstone run, and together cover every episode
  --embedder E       default | onnx:<model folder> | none (sentence embedder for fuzzy items)
  --threshold X      cosine threshold for fuzzy<n> (default: the embedder's own)
  --screen-threshold X  cosine threshold for fuzzy<-1> (default: per model, else --threshold)
  --plot FILE        write an SVG bar chart of the completion rate per method (overall, per
                     category, per difficulty; human labels as grey bars)
  --html FILE        write one self-contained HTML report (chart, method table, filmstrips of failures
                     with their reasons) that opens offline from file://
  --follow-links     follow symbolic links out of the dataset and traces folders (default: a file or
                     trace folder linked elsewhere fails its episode, naming the link)
  --quiet            no progress bar

CheckPoints (Mobile-Bench): --checkpoints FILE  test cases (ID, Query, APP List, CheckPoints); default
                     <dataset>/checkpoints.json, then each episode's checkpoints.json
LLM judge (judge, hybrid = judge + essential states; disagreements go to a needs-a-human queue):
  --llm-base-url URL OpenAI-compatible endpoint (or TOUCHSTONE_LLM_BASE_URL)
  --llm-model M[,M2] judge model; two for cross-validation (or TOUCHSTONE_LLM_MODEL)
  --llm-key KEY      API key; prefer TOUCHSTONE_LLM_API_KEY (never written to any file or log)
  --judge-prompt F   prompt file (default resources/judge-prompt.md)
  --judge-input I    text (hierarchies, default) | vision (screenshots)
  --judge-frames F   auto (all screens for information queries, else the final one) | final | all
  --judge-cache DIR  answer cache by (model, prompt hash) (default ~/.cache/touchstone/judge)
  --judge-price P    USD per million tokens: IN/OUT or model=IN/OUT,... for the cost report
  --judge-concurrency N  episodes judged at once (default 4); --judge-retries N on 429/5xx (default 4)
  --human-queue FILE write the needs-a-human queue as CSV

Progress goes to stderr (a bar on a terminal, a line per 10% otherwise). Ctrl-C stops the workers and
still prints and writes the episodes already evaluated (exit 130). Exit 0 otherwise, 1 when an input is
unreadable or no trace matches a dataset episode (except in a --shard), 2 on a bad option.`;

interface Args {
  dataset: string; traces: string; human?: string; methods: MethodName[]; mode: EvalMode; final?: FinalConvention;
  json?: string; csv?: string; plot?: string; html?: string; jobs: number; shard?: Shard; embedder: EmbedderSpec; quiet: boolean;
  threshold?: number; screenThreshold?: number; cache?: string; checkpoints?: string; judge?: JudgeOptions; humanQueue?: string;
  followLinks: boolean;
}

function threshold(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  if (!(x > -1 && x <= 1)) throw new Error(`--${name} must be a number in (-1, 1]; got "${v}"`);
  return x;
}

function parseArgs(argv: string[]): Args {
  const v: Record<string, string> = {};
  let quiet = false;
  let followLinks = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--quiet') { quiet = true; continue; }
    if (a === '--follow-links') { followLinks = true; continue; }
    const eq = a.indexOf('=');
    const [k, val] = a.startsWith('--') && eq > 0 ? [a.slice(2, eq), a.slice(eq + 1)] : [a.replace(/^--/, ''), argv[++i]];
    if (!a.startsWith('--') || val === undefined) throw new Error(`unexpected argument "${a}"`);
    v[k] = val;
  }
  const known = ['dataset', 'traces', 'human', 'method', 'mode', 'final', 'json', 'csv', 'plot', 'html', 'jobs', 'shard', 'embedder', 'threshold', 'screen-threshold', 'cache', 'checkpoints', 'human-queue', ...JUDGE_FLAGS];
  const unknown = Object.keys(v).filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`unknown option --${unknown[0]}`);
  if (!v.dataset || !v.traces) throw new Error('--dataset and --traces are required');
  const method = v.method ?? 'essential';
  const methods: MethodName[] = method === 'all' ? ['essential', 'stepwise', 'lcs'] : method.split(',').map((m) => {
    if (!(METHODS as readonly string[]).includes(m)) throw new Error(`--method must be ${METHODS.join(', ')} or all (or a comma list); got "${m}"`);
    return m as MethodName;
  });
  const mode = v.mode ?? 'fixed';
  if (mode !== 'fixed' && mode !== 'legacy') throw new Error(`--mode must be fixed or legacy; got "${mode}"`);
  // Unset: the mode's convention (fixed: complete; legacy: none for the essential states, as upstream's testbed evaluator).
  const final = v.final;
  if (final !== undefined && final !== 'complete' && final !== 'none') throw new Error(`--final must be complete or none; got "${final}"`);
  const jobs = v.jobs === undefined ? 2 : Number(v.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs must be a positive integer; got "${v.jobs}"`);
  return {
    dataset: v.dataset, traces: v.traces, human: v.human, methods, mode, final, json: v.json, csv: v.csv, plot: v.plot, html: v.html, jobs,
    shard: v.shard ? parseShard(v.shard) : undefined, embedder: parseEmbedderSpec(v.embedder ?? DEFAULT_EMBEDDER_SPEC), cache: v.cache, quiet,
    threshold: threshold(v.threshold, 'threshold'), screenThreshold: threshold(v['screen-threshold'], 'screen-threshold'),
    checkpoints: v.checkpoints, humanQueue: v['human-queue'], followLinks,
    judge: methods.includes('judge') || methods.includes('hybrid') ? { ...judgeOptionsFrom(v, process.env), onProgress: judgeProgress(quiet) } : undefined,
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
  if (argv.includes('--help') || argv.includes('-h')) { console.log(USAGE); return 0; }
  let a: Args;
  try { a = parseArgs(argv); } catch (err) { console.error(`touchstone eval: ${(err as Error).message}\n\n${USAGE}`); return 2; }
  const bad = readable(a.dataset, 'Dataset folder') ?? readable(a.traces, 'Traces folder') ?? writable(a);
  if (bad) { console.error(`touchstone eval: ${bad}`); return 1; }
  let labels: Map<string, boolean> | undefined;
  if (a.human) {
    let text: string;
    try { text = readFileSync(a.human, 'utf8'); } catch (err) { console.error(`touchstone eval: cannot read human labels ${a.human}: ${(err as Error).message}`); return 1; }
    const r = parseHumanLabels(text, a.human);
    if (!r.ok) { console.error(`touchstone eval: ${r.problems.map(formatProblem).join('\n')}`); return 1; }
    for (const w of r.warnings) console.error(`warning: ${formatProblem(w)}`);
    labels = new Map(r.value.map((l) => [l.episode, l.completed]));
  }
  const progress = a.quiet ? undefined : progressReporter();
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
    return await evaluateAndWrite(a, labels, ac, progress, () => signalled);
  } finally {
    for (const sig of STOP_SIGNALS) process.off(sig, onSignal);
  }
}

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The report files `a` asks for. */
function outputs(a: Args): string[] {
  return [a.json, a.csv, a.csv && a.csv.replace(/\.csv$/i, '') + '.summary.csv', a.plot, a.humanQueue].filter((f): f is string => !!f);
}

async function evaluateAndWrite(
  a: Args, labels: Map<string, boolean> | undefined, ac: AbortController,
  progress: ReturnType<typeof progressReporter> | undefined, signalled: () => NodeJS.Signals | undefined,
): Promise<number> {
  // Temp files a killed run left beside these outputs are swept first (ours, older than this process).
  for (const f of outputs(a)) await sweepStaleTemps(dirname(f), basename(f));
  let report;
  try {
    report = await runEvaluation({
      datasetRoot: a.dataset, tracesRoot: a.traces, methods: a.methods, mode: a.mode, final: a.final, jobs: a.jobs, shard: a.shard,
      embedder: a.embedder, cacheDir: a.cache, humanLabels: labels, signal: ac.signal, fuzzyThreshold: a.threshold, screenThreshold: a.screenThreshold,
      onProgress: progress, judge: a.judge, checkpointsFile: a.checkpoints, followLinks: a.followLinks,
    });
  } catch (err) {
    progress?.(-1, 0);
    console.error(`touchstone eval: ${(err as Error).message}`);
    return 1;
  }
  progress?.(-1, 0);
  for (const w of report.warnings.slice(0, 20)) console.error(`warning: ${w}`);
  if (report.unmatchedTraces.length) console.error(`warning: ${report.unmatchedTraces.length} trace(s) match no dataset episode, e.g. ${report.unmatchedTraces[0]}`);
  const scope = report.cancelled ? `CANCELLED after ${report.outcomes.length} of ${report.planned}` : `${report.outcomes.length}`;
  console.log(`${scope} episode(s) evaluated (mode ${report.mode}, final ${report.final}${a.shard ? `, shard ${a.shard.index}/${a.shard.count}` : ''}); ${report.episodesWithoutTrace} dataset episode(s) have no trace.`);
  console.log(summaryTable(report.groups, report.methods));
  if (report.checkpoints?.length) console.log(`\nCheckPoints (Mobile-Bench)\n${checkpointTable(report.checkpoints)}`);
  if (report.judge) console.log(`\n${judgeSummaryText(report.judge)}`);
  if (report.embedding) console.log(`embeddings: ${report.embedding.embeddingsComputed} computed for ${report.embedding.textsSeen} texts seen`);
  // A shard may rightly be empty (more shards than episodes); a whole run with nothing to evaluate is a mistake.
  const nothing = !report.cancelled && report.outcomes.length === 0 && !a.shard;
  if (nothing) {
    console.error(report.unmatchedTraces.length
      ? `touchstone eval: nothing was evaluated: none of the ${report.unmatchedTraces.length} trace(s) under ${a.traces} belongs to an episode of ${a.dataset} (a trace folder is matched by the episode id in its name or path, or the episode's folder name). Check that --dataset and --traces are the pair you meant.`
      : `touchstone eval: nothing was evaluated: no trace found under ${a.traces} (LlamaTouch AgentEnv, DroidBot or Touchstone run layouts). Point --traces at the folder holding them.`);
  }
  if (outputs(a).length) console.error(`eval: writing ${outputs(a).join(', ')}`);
  if (a.json) await writeFileAtomic(a.json, JSON.stringify(report, null, 2) + '\n');
  if (a.csv) {
    await writeFileAtomic(a.csv, episodesCsv(report.rows, report.methods));
    await writeFileAtomic(a.csv.replace(/\.csv$/i, '') + '.summary.csv', summaryCsv(report.groups));
  }
  if (a.humanQueue) await writeFileAtomic(a.humanQueue, report.judge ? humanQueueCsv(report.judge) : 'episode,method,verdicts,human,why\n');
  if (a.plot) await writeFileAtomic(a.plot, completionChartSvg(report.groups, report.methods, `Task completion rate (${report.outcomes.length} episodes, mode ${report.mode})`));
  if (a.html) {
    const { htmlReportFromRun } = await import('../core/reports/report-from-run');
    await writeFileAtomic(a.html, await htmlReportFromRun(report, a.dataset, a.traces, labels));
  }
  // 128 + the signal's number (130 for Ctrl-C), what shells report for a command a signal stopped.
  const sig = signalled();
  if (sig) return 128 + constants.signals[sig];
  return report.cancelled ? 130 : nothing ? 1 : 0;
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
