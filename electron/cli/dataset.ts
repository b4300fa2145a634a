import type { CheckReport, Problem } from '../../shared/model';
import { formatProblem } from '../../shared/model';
import { checkDataset } from '../core/datasets/check-dataset';
import { progressBar } from './progress-bar';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone dataset check`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['dataset', 'check'],
  positionals: [{ name: 'dir', description: 'the dataset folder' }],
  description: `Validates a LlamaTouch dataset: the task index, every episode folder, every
screen file (png, xml, vh, json, activity), eventStructs.txt and every .ess.
Prints counts and every problem with its location; exits 1 when there are errors.
Datasets of 50+ episodes show progress on stderr (a bar in a terminal, a line
per tenth otherwise); Ctrl-C stops the check (exit 130).`,
  options: {
    json: { type: 'boolean', description: 'print the report as JSON on stdout' },
  },
});

function hintFor(p: Problem): string {
  const hint = p.hint ?? (p.severity === 'error' ? 'Fix or restore this file; the rest of the dataset still loads.' : undefined);
  return hint ? `\n      fix: ${hint}` : '';
}

function printReport(r: CheckReport): void {
  const c = r.counts;
  console.log(`Dataset ${r.root}`);
  console.log(`  episodes: ${c.episodes} (${c.episodesWithErrors} with errors)  steps: ${c.steps}  annotated steps: ${c.annotatedSteps}  .ess items: ${c.essItems}`);
  for (const sev of ['error', 'warning'] as const) {
    const ps = r.problems.filter((p) => p.severity === sev);
    if (!ps.length) continue;
    console.log(`\n${sev === 'error' ? 'Errors' : 'Warnings'} (${ps.length}):`);
    for (const p of ps) console.log(`  ${formatProblem({ ...p, hint: undefined })}${hintFor(p)}`);
  }
  console.log(`\n${c.errors} error(s), ${c.warnings} warning(s).`);
}

/** `touchstone dataset check <dir> [--json]`: exit 0 when clean, 1 on errors, 2 on usage errors. */
export async function run(args: string[]): Promise<number> {
  const p = parseOrExit(SPEC, args);
  if ('exit' in p) return p.exit;
  const { json } = p.values;
  const dirs = p.positionals;
  const progress = progressBar({ label: 'checking', unit: 'episodes', minTotal: 50 });
  // Ctrl-C stops the check cleanly: the bar is closed and nothing half-printed is left behind.
  const ctl = new AbortController();
  const onSigint = (): void => ctl.abort();
  process.once('SIGINT', onSigint);
  let report: CheckReport;
  try {
    report = await checkDataset(dirs[0], { onProgress: progress.progress, signal: ctl.signal });
  } catch (err) {
    progress.stop();
    if (ctl.signal.aborted) {
      console.error('touchstone dataset check: cancelled (Ctrl-C); no report.');
      return 130;
    }
    console.error(`touchstone dataset check: ${(err as Error).message}`);
    return 1;
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
  }
  if (json) console.log(JSON.stringify(report, null, 2));
  else printReport(report);
  return report.counts.errors > 0 ? 1 : 0;
}
