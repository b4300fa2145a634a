/** `touchstone run`: runs agents on tasks of a dataset over a pool of devices, writing evaluated execution traces. */
import { resolve } from 'node:path';
import { agentFactory } from '../core/agents/registry';
import { AGENT_SPECS, agentOptHelp, type AgentSpec } from '../../shared/kinds/agents';
import { adbShell } from '../core/capture/device-shell';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { parseEmbedderSpec, type EmbedderSpec } from '../core/evaluation/embedding-provider';
import { writeFileAtomic } from '../platform/atomic-write';
import { RUN_DEFAULTS, startRun } from '../core/runner/start-run';
import { parseShard, type Shard } from './shard';
import { loadRunTasks } from '../core/runner/run-tasks';
import { watchPresence } from '../core/runner/watch-device';
import { usageLines } from '../core/runner/usage-lines';
import { checkAgentSettings } from '../core/agents/prepare-agents';
import { runProgress } from './run-progress';
import { writeBreakdown } from '../core/configs/run-choice';
import { CONFIG_USAGE, configArgs, loadRunConfigs, type ConfigArgs } from './run-configs';

/** The usage text; `--agent` and `--agent-opt` list the kinds of `specs` (the registry's) with their settings. */
export const runUsage = (specs: readonly AgentSpec[] = AGENT_SPECS): string => `Usage: touchstone run --dataset D --tasks <ids|all> --agent <name[,name]> --devices <serials|all> [options]

  --dataset D          LlamaTouch dataset folder (llamatouch_task_metadata.tsv); reset per task from its
                       touchstone-tasks.json when present, else clearing the task's app
  --tasks T            comma-separated episode ids, or all
  --agent A            ${specs.map((s) => s.name).join(' | ')} (comma-separated for several)
  --devices S          comma-separated serials, or all usable devices (one episode per device at a time)
  --repeat N           run every task N times per agent (default ${RUN_DEFAULTS.repeat})
  --max-steps N        step limit per episode (default ${RUN_DEFAULTS.maxSteps})
  --step-timeout MS    limit for one agent decision (default ${RUN_DEFAULTS.stepTimeoutMs})
  --episode-timeout MS limit for one episode (default ${RUN_DEFAULTS.episodeTimeoutMs})
  --out DIR            traces go to DIR/<agent>/r<repeat>/<episode>/ (default ./${RUN_DEFAULTS.out})
  --resume             keep finished episodes, continue unfinished ones (killed, interrupted, cancelled)
  --shard k/n          run only every n-th episode of the run starting at the k-th; shards count from 1
                       (1/n ... n/n), as in touchstone eval, and can run in other processes or machines
                       writing to the same --out
  --seed N             seed of the random agent (default ${RUN_DEFAULTS.seed})
  --agent-opt K=V      a setting for the agents (repeatable), e.g. complete=0.2 for random; AGENT.K=V
                       sets it for one agent only (llm.model=NAME). Settings (default), [variable]:
${agentOptHelp(specs).join('\n')}
${CONFIG_USAGE}
  --no-eval            do not evaluate finished episodes
  --embedder E         default | onnx:<dir> | none, for fuzzy items in the evaluation
  --json FILE          write every episode's record (outcome, timings, verdict) as JSON
  --adb-server H:P     the adb server to use (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, 5037)
  --quiet              no progress output

Ctrl-C stops after the step in progress; every finished step is kept (exit 130); --resume finishes.
Exit 0 when every episode ran to its end, 1 when some were interrupted or failed, 2 on a bad option.`;
const USAGE = runUsage();

interface Args {
  dataset: string; tasks: string[] | 'all'; agents: string[]; devices: string[] | 'all'; repeat: number; maxSteps: number;
  stepTimeoutMs: number; episodeTimeoutMs: number; out: string; resume: boolean; shard?: Shard; seed: number;
  settings: Record<string, string>; evaluate: boolean; embedder: EmbedderSpec; json?: string; adbServer?: string; quiet: boolean;
  configs: ConfigArgs;
}

function parseArgs(argv: string[]): Args {
  const v: Record<string, string> = {};
  const settings: Record<string, string> = {};
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (['--resume', '--no-eval', '--quiet'].includes(a)) { flags.add(a); continue; }
    const val = argv[++i];
    if (!a.startsWith('--') || val === undefined) throw new Error(`unexpected argument "${a}"`);
    if (a === '--agent-opt') {
      const eq = val.indexOf('=');
      if (eq < 1) throw new Error(`--agent-opt needs key=value, got "${val}"`);
      settings[val.slice(0, eq)] = val.slice(eq + 1);
      continue;
    }
    v[a.slice(2)] = val;
  }
  const known = ['dataset', 'tasks', 'agent', 'devices', 'repeat', 'max-steps', 'step-timeout', 'episode-timeout', 'out', 'shard', 'seed', 'embedder', 'json', 'adb-server', 'configs', 'config-split', 'config-seed'];
  const unknown = Object.keys(v).find((k) => !known.includes(k));
  if (unknown) throw new Error(`unknown option --${unknown}`);
  for (const k of ['dataset', 'tasks', 'agent', 'devices']) if (!v[k]) throw new Error(`--${k} is required`);
  const int = (k: string, def: number, min = 1): number => {
    if (v[k] === undefined) return def;
    const n = Number(v[k]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${k} must be a whole number >= ${min}; got "${v[k]}"`);
    return n;
  };
  const list = (s: string): string[] | 'all' => (s === 'all' ? 'all' : s.split(',').map((x) => x.trim()).filter(Boolean));
  const agents = v.agent!.split(',').map((x) => x.trim());
  for (const a of agents) agentFactory(a);
  return {
    dataset: resolve(v.dataset!), tasks: list(v.tasks!), agents, devices: list(v.devices!), repeat: int('repeat', RUN_DEFAULTS.repeat), maxSteps: int('max-steps', RUN_DEFAULTS.maxSteps),
    stepTimeoutMs: int('step-timeout', RUN_DEFAULTS.stepTimeoutMs), episodeTimeoutMs: int('episode-timeout', RUN_DEFAULTS.episodeTimeoutMs), out: resolve(v.out ?? RUN_DEFAULTS.out),
    resume: flags.has('--resume'), shard: v.shard ? parseShard(v.shard) : undefined, seed: int('seed', RUN_DEFAULTS.seed, 0), settings,
    evaluate: !flags.has('--no-eval'), embedder: parseEmbedderSpec(v.embedder ?? 'default'), json: v.json, adbServer: v['adb-server'], quiet: flags.has('--quiet'),
    configs: configArgs(v),
  };
}

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) { console.log(USAGE); return 0; }
  let a: Args;
  try { a = parseArgs(argv); } catch (err) { console.error(`touchstone run: ${(err as Error).message}\n\n${USAGE}`); return 2; }
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
