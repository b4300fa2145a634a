import { existsSync, statSync } from 'node:fs';
import type { MethodName } from '../../shared/evaluation/metrics';
import { compareSides, comparisonLines, type ComparedSide } from '../../shared/evaluation/compare';
import { writeFileAtomic } from '../platform/atomic-write';
import { evaluateSide, sideName } from '../core/manifest/compare-sides';
import { readManifestFile } from './eval-check';
import { SPEC as EVAL } from './eval';
import { defineCommand, parseOrExit, usageError } from './args';

const METHODS: readonly MethodName[] = ['essential', 'stepwise', 'lcs', 'checkpoints', 'judge', 'hybrid'];

/** The command line of `touchstone compare`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['compare'],
  positionals: [
    { name: 'A', description: 'a `touchstone eval --json` report (or its .manifest.json), or a traces folder (with --dataset)' },
    { name: 'B', description: 'the same for the other side' },
  ],
  description: `Compares two results on the episodes both judged: the outcome confusion matrix, the episodes
whose verdict flipped, McNemar's exact paired test, and what differs in their manifests (tool version,
settings, each episode's annotation, recording and trace). Two traces folders (two agents, or two runs)
are evaluated first with the same settings.`,
  options: {
    dataset: { type: 'string', value: 'D', description: 'the dataset, when A or B is a traces folder' },
    method: { type: 'string', value: 'M', choices: METHODS, default: 'essential', description: 'the verdicts compared' },
    mode: EVAL.options.mode,
    final: EVAL.options.final,
    embedder: EVAL.options.embedder,
    jobs: EVAL.options.jobs,
    'follow-links': EVAL.options['follow-links'],
    json: { type: 'string', value: 'FILE', description: 'write the comparison (both manifests, the matrix, the flips, the test, the differences) as JSON' },
    quiet: { type: 'boolean', description: 'no progress lines' },
  },
  epilog: 'Exit 0 when compared, 1 when a side cannot be read or evaluated, 2 on a bad option.',
});

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/** `touchstone compare A B`. */
export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  const v = p.values;
  const [pa, pb] = p.positionals as [string, string];
  if ((isDir(pa) || isDir(pb)) && !v.dataset) return usageError(SPEC, new Error('A or B is a traces folder: give --dataset D to evaluate it against'));
  const method = v.method as MethodName;
  const side = async (p: string, name: string): Promise<ComparedSide> => {
    if (!isDir(p)) return { name, manifest: readManifestFile(p, 'touchstone compare') };
    if (!v.quiet) console.error(`compare: evaluating ${p}`);
    return evaluateSide(name, p, { datasetRoot: v.dataset!, methods: [method], mode: v.mode, final: v.final, jobs: v.jobs, embedder: v.embedder, followLinks: v['follow-links'] });
  };
  try {
    let na = sideName(pa);
    let nb = sideName(pb);
    if (na === nb) { na = `A:${na}`; nb = `B:${nb}`; }
    const a = await side(pa, na);
    const b = await side(pb, nb);
    const c = compareSides(a, b, method);
    console.log(`touchstone compare (${method}): A = ${pa}, B = ${pb}`);
    console.log(comparisonLines(c.paired, { a: na, b: nb }, c.differences).join('\n'));
    if (a.manifest.dataset.root === b.manifest.dataset.root) {
      console.log(`\nOpen both replays side by side: touchstone serve --dataset ${a.manifest.dataset.root} --traces ${na}=${a.manifest.traces.root} --traces ${nb}=${b.manifest.traces.root}`);
    }
    if (v.json) await writeFileAtomic(v.json, JSON.stringify(c, null, 2) + '\n');
    return 0;
  } catch (err) {
    console.error(`touchstone compare: ${(err as Error).message.replace(/^touchstone compare: /, '')}`);
    return 1;
  }
}
