/** `touchstone audit`: how strong each annotation of a dataset is against traces that did not do the task. */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AUDIT_DEFAULTS } from '../../shared/contract/audit';
import { writeFileAtomic } from '../platform/atomic-write';
import { auditDataset, auditText } from '../core/audit/audit-dataset';
import { progressBar } from './progress-bar';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone audit`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['audit'],
  options: {
    dataset: { type: 'string', value: 'D', required: true, description: 'LlamaTouch dataset folder (annotated tasks with their recordings)' },
    json: { type: 'string', value: 'FILE', description: 'write the full report (every probe of every task, the items that let it pass, a stronger item) as JSON' },
    seed: { type: 'integer', min: 0, default: AUDIT_DEFAULTS.seed, description: 'seed of the first random trace (the next ones use seed+1, ...)' },
    random: { type: 'integer', min: 0, default: AUDIT_DEFAULTS.randomTraces, description: 'random traces per task' },
    quiet: { type: 'boolean', description: 'no progress bar' },
  },
  description: `Runs every annotated task's annotation against traces that did not do the task, built offline
from its own recording: a no-op (completion declared on the first screen), seeded random agents on the
replay world of the recording, the recording cut before each annotated step, and a shortcut (am start
of the final activity: straight to the first screen that activity shows in the recording). Each is
evaluated as touchstone eval does (fixed mode, completion declared). Lists the tasks a trace fools,
with the items that let it pass and a suggested stronger item.`,
  epilog: 'Exit 0 when no no-op, random or shortcut trace passes any task, 1 when one does (or the dataset is unreadable), 2 on a bad option, 130 on Ctrl-C.',
});

/** `touchstone audit --dataset D [--json out]`. */
export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  const v = p.values;
  if (!existsSync(v.dataset) || !statSync(v.dataset).isDirectory()) { console.error(`touchstone audit: Dataset folder ${v.dataset} does not exist or is not a folder.`); return 1; }
  if (v.json && !existsSync(dirname(resolve(v.json)))) { console.error(`touchstone audit: cannot write ${v.json}: the folder ${dirname(resolve(v.json))} does not exist.`); return 1; }
  const ac = new AbortController();
  const stop = (): void => ac.abort();
  process.once('SIGINT', stop);
  const bar = v.quiet ? undefined : progressBar({ label: 'audit', unit: 'tasks' });
  try {
    const report = await auditDataset({ datasetRoot: v.dataset, seed: v.seed, randomTraces: v.random, signal: ac.signal, onProgress: (d, t, ep) => bar?.progress(d, t, { message: ep ?? '' }) });
    bar?.stop();
    console.log(auditText(report));
    if (v.json) await writeFileAtomic(v.json, JSON.stringify(report, null, 2) + '\n');
    return report.cancelled ? 130 : report.weak.length ? 1 : 0;
  } catch (err) {
    bar?.stop();
    console.error(`touchstone audit: ${(err as Error).message}`);
    return 1;
  } finally {
    process.off('SIGINT', stop);
  }
}
