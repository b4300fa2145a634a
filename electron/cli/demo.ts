/** `touchstone demo create`: generates the demo dataset by running the virtual phone through the capture path. */
import { createDemoDataset, defaultDemoDir, demoExists } from '../core/demo/create-demo';
import { runProgress } from './run-progress';

const USAGE = `Usage: touchstone demo create [--out DIR] [--force] [--no-traces] [--in-process] [--adb-server H:P]

Records the demo tasks on a virtual phone through adb (as \`touchstone record\` does), annotates them, runs
the built-in agents (replay, no-op, alternative paths, random) with evaluation, and writes human labels.
  --out DIR        where (default ${defaultDemoDir()})
  --force          make it again even when DIR already holds one
  --no-traces      only the annotated tasks, no agent traces
  --in-process     drive the phone without an adb server (same commands and parsing)
  --adb-server H:P the adb server to record through (default: the usual one; falls back to in-process)`;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub !== 'create') { console.log(USAGE); return sub === 'create' || sub === '--help' || sub === '-h' ? 0 : 2; }
  let out = defaultDemoDir(); let force = false; let traces = true; let inProcess = false; let adbServer: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--out' && rest[i + 1]) out = rest[++i]!;
    else if (a === '--adb-server' && rest[i + 1]) adbServer = rest[++i];
    else if (a === '--force') force = true;
    else if (a === '--no-traces') traces = false;
    else if (a === '--in-process') inProcess = true;
    else if (a === '--help' || a === '-h') { console.log(USAGE); return 0; }
    else { console.error(`touchstone demo: unexpected argument "${a}"\n\n${USAGE}`); return 2; }
  }
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
