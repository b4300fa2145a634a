import path from 'node:path';
import type { Bounds, Episode } from '../../../shared/model';
import { formatProblem } from '../../../shared/model';
import type { GtStateInput } from '../../../shared/evaluation/types';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { hierarchySize } from '../../../shared/evaluation/find-counterpart';
import { parseComponentBounds } from '../../../shared/evaluation/normalise';
import { normaliseGtAction, type NormAction } from '../../../shared/evaluation/aitw-action-match';
import type { BaselineGtStep } from '../../../shared/evaluation/baselines';
import { loadEpisode, readStepHierarchyParsed } from '../datasets/load-episode';
import { readImageSize } from '../images/image-size';

/** A ground-truth episode prepared for every evaluation method. */
export interface GroundTruth {
  id: string;
  path: string;
  nsteps: number;
  states: GtStateInput[];
  /** Actions with the implicit final "task complete" upstream appends, and each step's element boxes. */
  baselineSteps: BaselineGtStep[];
  problems: string[];
}

/** Loads an episode folder and pre-computes what the matchers and baselines need. */
export async function loadGroundTruth(root: string, relPath: string): Promise<GroundTruth> {
  const ep: Episode = await loadEpisode(root, relPath);
  const dir = path.join(root, relPath);
  const problems = ep.problems.filter((p) => p.severity === 'error').map(formatProblem);
  const states: GtStateInput[] = [];
  const sizes = ep.steps.map((s) => (s.files.png ? readImageSize(path.join(dir, `${s.index}.png`)) : undefined));
  for (const step of ep.steps) {
    if (!step.ess) continue;
    const h = await readStepHierarchyParsed(root, relPath, step.index);
    const size = sizes[step.index] ?? (h.vh ? hierarchySize(h.vh) : undefined);
    states.push({
      step: step.index,
      ess: step.ess,
      components: step.components ?? [],
      activity: step.activity,
      hierarchy: h.vh,
      screenText: h.vh ? simplifyScreen(h.vh) : undefined,
      screenshot: step.files.png ? path.join(dir, `${step.index}.png`) : undefined,
      screenSize: size,
    });
  }
  const baselineSteps: BaselineGtStep[] = ep.actions.map((a, i) => {
    const size = sizes[i] ?? { width: 1, height: 1 };
    const boxes = (ep.steps[i]?.components ?? [])
      .map((c) => parseComponentBounds(c.bounds ?? ''))
      .filter((b): b is Bounds => b !== null)
      .map((b) => ({ x1: b.x1 / size.width, y1: b.y1 / size.height, x2: b.x2 / size.width, y2: b.y2 / size.height }));
    return { action: normaliseGtAction(a), boxes };
  });
  const complete: NormAction = { kind: 'complete' };
  baselineSteps.push({ action: complete, boxes: [] });
  return { id: ep.id, path: relPath, nsteps: ep.steps.length, states, baselineSteps, problems };
}
