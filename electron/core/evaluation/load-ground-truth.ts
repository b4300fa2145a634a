import path from 'node:path';
import type { Bounds, Problem, Size, ViewHierarchy } from '../../../shared/model';
import { formatProblem } from '../../../shared/model';
import type { GtStateInput } from '../../../shared/evaluation/types';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { hierarchySize } from '../../../shared/evaluation/find-counterpart';
import { parseComponentBounds } from '../../../shared/evaluation/normalise';
import { normaliseGtAction, type NormAction } from '../../../shared/kinds/actions';
import type { BaselineGtStep } from '../../../shared/evaluation/baselines';
import { EpisodeFolder } from '../steps/episode-folder';
import { ConfinedFiles, type Confinement } from '../../platform/confined-read';

/** A ground-truth episode prepared for every evaluation method. */
export interface GroundTruth {
  id: string;
  path: string;
  nsteps: number;
  states: GtStateInput[];
  /** Actions with the implicit final "task complete" upstream appends, and each step's element boxes (read on first use). */
  baselineSteps(): BaselineGtStep[];
  /** Errors found in the files read (annotated steps, actions, instruction); read lazily, so later reads may add some. */
  problems: string[];
  /** `.ess` files that could not be read at all (their problems): the episode cannot be judged complete without them. */
  unreadableStates: string[];
}

/**
 * Loads an episode folder through the step reader, reading only what the matchers need up front:
 * the listing, the instruction, the actions and, for annotated steps only, the `.ess`, `i.json` and
 * activity. Each state's hierarchy (for xpath targets, screen text and size fallbacks) is parsed on
 * first use; the baselines' element boxes of every step only when a baseline runs. Files are read
 * through the confined reader: links are followed inside `confine`'s roots only (default: `root`).
 */
export async function loadGroundTruth(root: string, relPath: string, confine?: Confinement | ConfinedFiles): Promise<GroundTruth> {
  const folder = new EpisodeFolder(root, relPath, (rel) => path.join(root, rel), ConfinedFiles.of(confine, root));
  const problems: Problem[] = [];
  const files = folder.files();
  const nsteps = folder.stepCount();
  const instruction = folder.instruction();
  const actions = folder.actions();
  problems.push(...instruction.problems, ...actions.problems);
  const states: GtStateInput[] = [];
  const unreadableStates: string[] = [];
  for (const [i, f] of files) {
    if (!f.ess) continue;
    const ess = folder.ess(i);
    problems.push(...ess.problems);
    if (!ess.value) {
      const why = ess.problems.filter((p) => p.severity === 'error').map(formatProblem);
      unreadableStates.push(why[0] ?? `${folder.rel(`${i}.ess`)} cannot be read.`);
      continue;
    }
    const comps = folder.components(i);
    const act = f.activity ? folder.activity(i) : undefined;
    problems.push(...comps.problems, ...(act?.problems ?? []));
    if (!f.png) problems.push({ severity: 'error', file: folder.rel(`${i}.png`), step: i, message: `Step ${i} has no screenshot.`, hint: 'Restore the PNG.' });
    states.push(lazyState(folder, i, f.png, ess.value, comps.value ?? [], act?.value, comps.vh));
  }
  let baseline: BaselineGtStep[] | undefined;
  const baselineSteps = (): BaselineGtStep[] => (baseline ??= baselineOf(folder, actions.value ?? []));
  return {
    id: instruction.value?.id || relPath, path: relPath, nsteps, states, baselineSteps,
    problems: problems.filter((p) => p.severity === 'error').map(formatProblem),
    unreadableStates,
  };
}

function lazyState(folder: EpisodeFolder, step: number, png: boolean, ess: GtStateInput['ess'], components: GtStateInput['components'], activity: string | undefined, derivedFrom?: ViewHierarchy): GtStateInput {
  let vh: ViewHierarchy | undefined | null = derivedFrom ?? null;
  let text: string | undefined | null = null;
  let size: Size | undefined | null = null;
  const hierarchy = (): ViewHierarchy | undefined => (vh === null ? (vh = folder.hierarchy(step, { lazyAttrs: true }).value) : vh);
  return {
    step, ess, components, activity,
    screenshot: png ? folder.path(`${step}.png`) : undefined,
    get hierarchy() { return hierarchy(); },
    get screenText() { if (text === null) { const h = hierarchy(); text = h ? simplifyScreen(h) : undefined; } return text; },
    get screenSize() {
      if (size === null) { size = png ? folder.screenSize(step) : undefined; if (!size) { const h = hierarchy(); size = h ? hierarchySize(h) : undefined; } }
      return size;
    },
  };
}

function baselineOf(folder: EpisodeFolder, actions: readonly import('../../../shared/model').GtAction[]): BaselineGtStep[] {
  const steps: BaselineGtStep[] = actions.map((a, i) => {
    const size = folder.screenSize(i) ?? { width: 1, height: 1 };
    const boxes = (folder.components(i).value ?? [])
      .map((c) => parseComponentBounds(c.bounds ?? ''))
      .filter((b): b is Bounds => b !== null)
      .map((b) => ({ x1: b.x1 / size.width, y1: b.y1 / size.height, x2: b.x2 / size.width, y2: b.y2 / size.height }));
    return { action: normaliseGtAction(a), boxes };
  });
  const complete: NormAction = { kind: 'complete' };
  steps.push({ action: complete, boxes: [] });
  return steps;
}
