/** `touchstone run`: runs agents on tasks of a dataset over a pool of devices, writing evaluated execution traces. */
import { resolve } from 'node:path';
import { agentFactory } from '../core/agents/registry';
import { AGENT_SPECS, agentOptHelp, type AgentSpec } from '../../shared/kinds/agents';
import { adbShell } from '../core/capture/device-shell';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { DEFAULT_EMBEDDER_SPEC, parseEmbedderSpec, type EmbedderSpec } from '../core/evaluation/embedding-provider';
import { writeFileAtomic } from '../platform/atomic-write';
import { RUN_DEFAULTS, startRun } from '../core/runner/start-run';
import { parseShard, type Shard } from './shard';
import { loadRunTasks } from '../core/runner/run-tasks';
import { watchPresence } from '../core/runner/watch-device';
import { usageLines } from '../core/runner/usage-lines';
import { canaryLines } from '../core/runner/canary';
import { checkAgentSettings } from '../core/agents/prepare-agents';
import { runProgress } from './run-progress';
import { writeBreakdown } from '../core/configs/run-choice';
import { CONFIG_OPTIONS, configArgs, loadRunConfigs, type ConfigArgs } from './run-configs';
import { defineCommand, parseOrExit, usageError, type Parsed } from './args';
import { commandHelp } from './args-help';
import { listOrAll } from './option-values';

/** `--agent-opt K=V` (or AGENT.K=V). */
function agentOpt(v: string): [string, string] {
  const eq = v.indexOf('=');
  if (eq < 1) throw new Error(`--agent-opt needs key=value, got "${v}"`);
  return [v.slice(0, eq), v.slice(eq + 1)];
}

function agentList(v: string): string[] {
  const agents = v.split(',').map((x) => x.trim());
  for (const a of agents) agentFactory(a);
  return agents;
}

const POSITIVE = { type: 'integer', min: 1 } as const;

/** The command line of `touchstone run`: parsing and `--help` come from it. */
export /** The command line of `touchstone run` for these agent kinds (the registry's): `--agent` and the settings list come from their specs. */
function runSpec(specs: readonly AgentSpec[]) {
  return defineCommand({
  path: ['run'],
  options: {
    dataset: {
      type: 'string', value: 'D', required: true, parse: (v: string) => resolve(v),
      description: "LlamaTouch dataset folder (llamatouch_task_metadata.tsv); reset per task from its touchstone-tasks.json when present, else clearing the task's app",
    },
    tasks: { type: 'string', value: 'T', required: true, parse: listOrAll, description: 'comma-separated episode ids, or all' },
    agent: { type: 'string', value: 'A', required: true, parse: agentList, description: `${specs.map((s) => s.name).join(' | ')} (comma-separated for several)` },
    devices: { type: 'string', value: 'S', required: true, parse: listOrAll, description: 'comma-separated serials, or all usable devices (one episode per device at a time)' },
    repeat: { ...POSITIVE, default: RUN_DEFAULTS.repeat, description: 'run every task N times per agent' },
    'max-steps': { ...POSITIVE, default: RUN_DEFAULTS.maxSteps, description: 'step limit per episode' },
    'step-timeout': { ...POSITIVE, value: 'MS', default: RUN_DEFAULTS.stepTimeoutMs, description: 'limit for one agent decision' },
    'episode-timeout': { ...POSITIVE, value: 'MS', default: RUN_DEFAULTS.episodeTimeoutMs, description: 'limit for one episode' },
    out: { type: 'string', value: 'DIR', default: RUN_DEFAULTS.out, parse: (v: string) => resolve(v), description: 'traces go to DIR/<agent>/r<repeat>/<episode>/' },
    resume: { type: 'boolean', description: 'keep finished episodes, continue unfinished ones (killed, interrupted, cancelled)' },
    shard: {
      type: 'string', value: 'k/n', parse: parseShard,
      description: 'run only every n-th episode of the run starting at the k-th; shards count from 1 (1/n ... n/n), as in touchstone eval, and can run in other processes or machines writing to the same --out',
    },
    seed: { type: 'integer', min: 0, default: RUN_DEFAULTS.seed, description: 'seed of the random agent' },
    'agent-opt': {
      type: 'string', value: 'K=V', multiple: true, parse: agentOpt,
      description: 'a setting for the agents, e.g. complete=0.2 for random; AGENT.K=V sets it for one agent only (llm.model=NAME); the settings of each agent are listed below',
    },
    canary: { type: 'boolean', description: "first replay each task's own recording on each device kind of the pool and quarantine the tasks it no longer completes (report: <out>/canary/report.html)" },
    'canary-sample': { type: 'integer', min: 1, value: 'N', description: 'with --canary: replay only N tasks, chosen by --seed (the rest run unchecked); implies --canary' },
    ...CONFIG_OPTIONS,
    'no-eval': { type: 'boolean', description: 'do not evaluate finished episodes' },
    embedder: { type: 'string', value: 'E', default: DEFAULT_EMBEDDER_SPEC, parse: parseEmbedderSpec, description: 'default | onnx:<dir> | none, for fuzzy items in the evaluation' },
    json: { type: 'string', value: 'FILE', description: "write every episode's record (outcome, timings, verdict) as JSON" },
    'adb-server': { type: 'string', value: 'H:P', description: 'the adb server to use (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, 5037)' },
    quiet: { type: 'boolean', description: 'no progress output' },
  },
  epilog: `Agent settings (--agent-opt K=V; default), [variable]:
${agentOptHelp(specs).join('\n')}

Ctrl-C stops after the step in progress; every finished step is kept (exit 130); --resume finishes.
Exit 0 when every episode ran to its end, 1 when some were interrupted or failed, 2 on a bad option.`,
  });
}

/** The command line of `touchstone run`: parsing and `--help` come from it. */
export const SPEC = runSpec(AGENT_SPECS);

/** The `--help` page for these agent kinds (the registry's by default). */
export const runUsage = (specs: readonly AgentSpec[] = AGENT_SPECS): string => commandHelp(runSpec(specs));



interface Args {
  dataset: string; tasks: string[] | 'all'; agents: string[]; devices: string[] | 'all'; repeat: number; maxSteps: number;
  stepTimeoutMs: number; episodeTimeoutMs: number; out: string; resume: boolean; shard?: Shard; seed: number;
  settings: Record<string, string>; evaluate: boolean; embedder: EmbedderSpec; json?: string; adbServer?: string; quiet: boolean;
  configs: ConfigArgs;
  canary: boolean; canarySample?: number;
}

function parseArgs(p: Parsed<typeof SPEC.options>): Args {
  const v = p.values;
  return {
    dataset: v.dataset, tasks: v.tasks, agents: v.agent, devices: v.devices, repeat: v.repeat, maxSteps: v['max-steps'],
    stepTimeoutMs: v['step-timeout'], episodeTimeoutMs: v['episode-timeout'], out: v.out,
    // A key given twice: the last one counts, as it always did.
    resume: v.resume, shard: v.shard, seed: v.seed, settings: Object.fromEntries(v['agent-opt']),
    evaluate: !v['no-eval'], embedder: v.embedder, json: v.json, adbServer: v['adb-server'], quiet: v.quiet,
    configs: configArgs(p),
    canary: v.canary || v['canary-sample'] !== undefined, canarySample: v['canary-sample'],
  };
}

export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  let a: Args;
  try { a = parseArgs(p); } catch (err) { return usageError(SPEC, err); }
  let configs: Awaited<ReturnType<typeof loadRunConfigs>>;
  try { configs = await loadRunConfigs(a.configs); } catch (err) { console.error(`touchstone run: ${(err as Error).message}`); return 2; }
  const ac = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    if (++interrupts > 1) process.exit(130);
    console.error('\ntouchstone run: stopping after the current step (Ctrl-C again to quit at once)...');
    ac.abort(new Error('Run cancelled (Ctrl-C).'));
  };
  process.on('SIGINT', onSigint);
  const progress = runProgress('run', a.quiet);
  try {
    const tasks = await loadRunTasks(a.dataset, a.tasks);
    // Each agent's spec checks its settings before any device is touched (startRun checks again, for every caller).
    checkAgentSettings(a.agents, a.settings);
    const mgr = new DeviceManager(resolveAdbServer(a.adbServer));
    const devices = await mgr.pick(a.devices);
    if (a.devices === 'all') {
      for (const d of await mgr.list()) if (d.state !== 'device') console.error(`skipping ${d.serial} (${d.state}): ${d.hint ?? ''}`);
    }
    // As in the run view: adb's track-devices ends the episode of a device that vanishes within moments, naming it.
    const watched = await mgr.watch().then(() => true, (err: Error) => {
      console.error(`touchstone run: cannot follow the device list (${err.message}); a vanished device is noticed only when its commands fail.`);
      return false;
    });
    const res = await startRun({
      tasks, agents: a.agents, repeat: a.repeat, out: a.out, shard: a.shard, configs, devices, shellFor: (s) => (watched ? mgr.shell(s) : adbShell(mgr.client, s)),
      watchDevice: watched ? watchPresence(mgr.presence) : undefined,
      limits: { maxSteps: a.maxSteps, stepTimeoutMs: a.stepTimeoutMs, episodeTimeoutMs: a.episodeTimeoutMs }, resume: a.resume,
      seed: a.seed, agentSettings: a.settings, evaluate: a.evaluate, embedder: a.embedder, signal: ac.signal,
      onAgentLines: (lines) => { for (const l of lines) console.error(l); },
      canary: a.canary, canarySample: a.canarySample,
      onProgress: (done, total, d) => progress.update(done, total, d.message),
    }).finally(() => mgr.unwatch());
    progress.stop();
    for (const x of res.items) {
      const ev = x.record.evaluation ? (x.record.evaluation.completed ? 'completed' : 'not completed') : '-';
      console.log(`${x.item.config ? `${x.item.config.name}\t` : ''}${x.item.agent}\tr${x.item.repeat}\t${x.item.task.episode}\t${x.device}\t${x.record.outcome}\t${x.record.steps.length} steps\t${ev}${x.record.reason && x.record.outcome !== 'finished' ? `\t${x.record.reason}` : ''}`);
    }
    const completed = res.items.filter((x) => x.record.evaluation?.completed).length;
    const judged = res.items.filter((x) => x.record.evaluation).length;
    const lost = res.lostDevices.length ? `, ${res.lostDevices.length} lost (${res.lostDevices.map((l) => l.serial).join(', ')})` : '';
    console.log(`${res.items.length} of ${res.planned} episode(s) ran${a.shard ? ` (shard ${a.shard.index}/${a.shard.count})` : ''} on ${devices.length} device(s)${lost}; ${judged} evaluated, ${completed} completed. Traces: ${a.out}`);
    for (const l of res.lostDevices) console.log(`device lost: ${l.serial}: ${l.reason}`);
    if (res.canary) for (const l of canaryLines(res.canary)) console.log(l);
    for (const l of usageLines(res.items.map((x) => ({ agent: x.item.agent, record: x.record })))) console.log(l);
    if (configs) console.log((await writeBreakdown(a.out, res.items.map((x) => x.record))).md);
    if (a.json) await writeFileAtomic(a.json, JSON.stringify(res.items.map((x) => ({ dir: x.item.dir, ranOn: x.device, ...x.record })), null, 2) + '\n');
    if (res.cancelled) return 130;
    return res.items.every((x) => ['finished', 'step-limit', 'timeout'].includes(x.record.outcome)) && res.items.length === res.planned ? 0 : 1;
  } catch (err) {
    progress.stop();
    console.error(`touchstone run: ${(err as Error).message}`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
