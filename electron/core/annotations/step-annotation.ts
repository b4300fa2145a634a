import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import type { AnnotationBase, StepAnnotation } from '../../../shared/contract/annotation';
import { parseEss } from '../../../shared/formats/ess';
import { numberComponents } from '../../../shared/formats/number-components';
import { serialiseComponentsJson } from '../../../shared/formats/components-json';
import { formatProblem } from '../../../shared/model';
import { AppError } from '../../kernel/errors';
import { writeFileAtomic } from '../../platform/atomic-write';
import { serialised } from '../../platform/serial-queue';
import { listIn, readTextIn } from '../../platform/confined-read';
import { stepFilesOf } from '../steps/episode-folder';
import { readStepHierarchyParsed } from '../datasets/load-episode';
import { inRoot, relJoin } from '../datasets/paths';

/** A file's version as AnnotationBase holds it: a hash of the decoded text (any edit on disk changes it), null when absent. */
export const hashOf = (t: string | null): string | null => (t === null ? null : createHash('sha256').update(t).digest('hex').slice(0, 20));
const lineOf = (t: string): string => t.replace(/\r?\n$/, '');

interface StepFiles {
  essRel: string;
  jsonRel: string;
  ess: string | null;
  json: string | null;
}

/** The step's i.ess and i.json (null when absent), read confined to the dataset root. */
async function readFiles(root: string, relPath: string, step: number): Promise<StepFiles> {
  const essRel = relJoin(relPath, `${step}.ess`);
  const jsonRel = relJoin(relPath, `${step}.json`);
  const [ess, json] = await Promise.all([readTextIn(root, essRel), readTextIn(root, jsonRel)]);
  return { essRel, jsonRel, ess: ess ?? null, json: json ?? null };
}

const toAnnotation = (step: number, f: StepFiles): StepAnnotation => ({
  step, ess: f.ess ? lineOf(f.ess) : null, base: { ess: hashOf(f.ess), json: hashOf(f.json) },
});

/** The step's `.ess` line and the versions of its files. */
export async function loadStepAnnotation(root: string, relPath: string, step: number): Promise<StepAnnotation> {
  return toAnnotation(step, await readFiles(root, relPath, step));
}


/** Steps the episode has: those with a screenshot or a hierarchy (an `.ess` alone does not make a step). */
async function stepsOf(root: string, relPath: string): Promise<number[]> {
  let names: string[];
  try {
    names = (await listIn(root, relPath)).map((d) => d.name);
  } catch (err) {
    throw new AppError('not-found', `Episode folder ${relPath} cannot be read (${(err as Error).message}); nothing was saved.`, { cause: err });
  }
  return [...stepFilesOf(names)].filter(([, f]) => f.png || f.xml || f.vh).map(([i]) => i);
}

/**
 * Saves a step's `.ess` line if its files are still as `base` says: writes
 * `i.ess` atomically (removes it for an empty line) and, when the step has no
 * `i.json`, the numbered components of its hierarchy, so `exact<n>` keeps
 * meaning the same component for the upstream evaluator.
 */
export function saveStepAnnotation(root: string, relPath: string, step: number, ess: string, base: AnnotationBase): Promise<StepAnnotation & { written: string[]; removed: string[] }> {
  return serialised(inRoot(root, relPath, `${step}.ess`), async () => {
    const line = ess.trim();
    if (/[\r\n]/.test(line)) throw new AppError('bad-request', `The essential state of step ${step} must be one line.`);
    // A step past the episode's end would leave a stray N.ess that upstream's evaluator takes for a state.
    const steps = await stepsOf(root, relPath);
    if (!steps.includes(step)) {
      const has = steps.length ? `its steps are ${steps[0]}–${steps.at(-1)}` : 'it has no step (no screenshot or hierarchy)';
      throw new AppError('bad-request', `Step ${step} is not in episode ${relPath} (${has}); nothing was saved. Annotate one of its steps.`);
    }
    const f = await readFiles(root, relPath, step);
    if (hashOf(f.ess) !== base.ess || hashOf(f.json) !== base.json) {
      const which = [hashOf(f.ess) !== base.ess ? f.essRel : '', hashOf(f.json) !== base.json ? f.jsonRel : ''].filter(Boolean).join(' and ');
      throw new AppError('conflict', `${which} changed on disk since step ${step} was loaded; nothing was saved.\nOn disk: ${f.ess ? lineOf(f.ess) : '(no i.ess)'}\nYours:   ${line || '(empty)'}\nReload the step to take the disk version, or keep yours to save over it.`);
    }
    const written: string[] = [];
    const removed: string[] = [];
    if (line === '') {
      if (f.ess) {
        await unlink(inRoot(root, f.essRel));
        removed.push(f.essRel);
      }
    } else {
      const parsed = parseEss(line, f.essRel);
      if (!parsed.ok) throw new AppError('bad-request', parsed.problems.map((p) => formatProblem(p)).join('\n'));
      if (!f.json) {
        const { vh } = await readStepHierarchyParsed(root, relPath, step);
        if (vh) {
          await writeFileAtomic(inRoot(root, f.jsonRel), serialiseComponentsJson(numberComponents(vh), { trailingNewline: true }));
          written.push(f.jsonRel);
        }
      }
      await writeFileAtomic(inRoot(root, f.essRel), `${line}\n`);
      written.push(f.essRel);
    }
    return { ...toAnnotation(step, await readFiles(root, relPath, step)), written, removed };
  });
}
