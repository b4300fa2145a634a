/** `touchstone demo create`: generates the demo dataset by running the virtual phone through the capture path. */
import { createDemoDataset, defaultDemoDir, demoExists } from '../core/demo/create-demo';
import { runProgress } from './run-progress';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone demo create`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['demo', 'create'],
  description: `Records the demo tasks on a virtual phone through adb (as \`touchstone record\` does), annotates them, runs
the built-in agents (replay, no-op, alternative paths, random) with evaluation, and writes human labels.`,
  options: {
    out: { type: 'string', value: 'DIR', default: defaultDemoDir(), description: 'where' },
    force: { type: 'boolean', description: 'make it again even when DIR already holds one' },
    'no-traces': { type: 'boolean', description: 'only the annotated tasks, no agent traces' },
    'in-process': { type: 'boolean', description: 'drive the phone without an adb server (same commands and parsing)' },
    'adb-server': { type: 'string', value: 'H:P', description: 'the adb server to record through (default: the usual one; falls back to in-process)' },
  },
});

export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  const { out, force, 'no-traces': noTraces, 'in-process': inProcess, 'adb-server': adbServer } = p.values;
  const traces = !noTraces;
  if (!force && demoExists(out)) { console.log(`The demo dataset is already at ${out} (--force makes it again).`); return 0; }
  const ac = new AbortController();
  const onSigint = (): void => ac.abort(new Error('cancelled (Ctrl-C)'));
  process.once('SIGINT', onSigint);
  const progress = runProgress('demo');
  try {
    const r = await createDemoDataset({ out, traces, adbServer, transport: inProcess ? 'in-process' : 'auto', signal: ac.signal, progress: (d, t, x) => progress.update(d, t, `${x?.phase ?? ''} ${x?.message ?? ''}`) });
    progress.stop();
    const replay = r.verdicts.replay ? Object.values(r.verdicts.replay) : [];
    console.log(`Demo dataset: ${r.tasks} tasks at ${r.root} (recorded through ${r.transport === 'adb' ? 'adb' : 'the in-process device'})${replay.length ? `; replay completed ${replay.filter(Boolean).length}/${replay.length}` : ''}.`);
    return 0;
  } catch (err) {
    progress.stop();
    console.error(`touchstone demo: ${ac.signal.aborted ? 'cancelled; nothing was written.' : (err as Error).message}`);
    return ac.signal.aborted ? 130 : 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
