import { problemKey, type CheckReport, type Episode, type Problem } from '../../../shared/model';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { resolveXpath } from '../../../shared/formats/xpath';
import { openDataset, type LoadOptions } from './open-dataset';
import { loadEpisode, readStepHierarchyParsed } from './load-episode';
import { readHeadIn, readTextIn } from '../../platform/confined-read';
import { mapPool, relJoin } from './paths';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function checkPng(root: string, rel: string, step: number): Promise<Problem | null> {
  try {
    const buf = await readHeadIn(root, rel, 8);
    if (buf && (buf.length < 8 || PNG_SIGNATURE.some((b, i) => buf[i] !== b))) {
      return { severity: 'error', file: rel, step, message: 'Not a PNG image (bad signature or empty file).', hint: 'Restore the screenshot.' };
    }
  } catch (err) {
    return { severity: 'error', file: rel, step, message: `Cannot read the screenshot: ${(err as Error).message}.`, hint: 'Check the file permissions or restore the PNG.' };
  }
  return null;
}

/** Checks every screen file and every annotation of one loaded episode, beyond what loading reports. */
async function deepCheck(root: string, ep: Episode): Promise<Problem[]> {
  const out: Problem[] = [...ep.problems];
  for (const step of ep.steps) {
    const i = step.index;
    const base = (ext: string): string => relJoin(ep.path, `${i}.${ext}`);
    if (step.files.png) {
      const p = await checkPng(root, base('png'), i);
      if (p) out.push(p);
    }
    for (const [ext, has, parse] of [['xml', step.files.xml, parseUiautomatorXml], ['vh', step.files.vh, parseDroidbotVh]] as const) {
      if (!has) continue;
      let text: string | undefined;
      try {
        text = await readTextIn(root, base(ext));
      } catch (err) {
        out.push({ severity: 'error', file: base(ext), step: i, message: (err as Error).message, hint: 'Restore the file from a backup or re-record the step.' });
        continue;
      }
      const r = parse(text ?? '', base(ext));
      out.push(...(r.ok ? r.warnings : r.problems).map((p) => ({ ...p, step: i })));
    }
    if (step.files.activity && !step.activity) out.push({ severity: 'warning', file: base('activity'), step: i, message: 'The activity file is empty.' });
    if (!step.ess) continue;
    const n = step.components?.length;
    const hierarchy = step.ess.items.some((it) => 'target' in it && 'xpath' in it.target) ? (await readStepHierarchyParsed(root, ep.path, i)).vh : undefined;
    for (const it of step.ess.items) {
      if (!('target' in it)) continue;
      const t = it.target;
      if ('index' in t && (n === undefined || t.index >= n)) {
        out.push({ severity: 'error', file: base('ess'), line: 1, step: i, message: `${it.raw} points past the component list (${n ?? 0} components in ${i}.json).`, hint: 'Re-pick the component in the annotation editor.' });
      }
      if ('xpath' in t && hierarchy) {
        try {
          if (resolveXpath(hierarchy, t.xpath).length === 0) out.push({ severity: 'warning', file: base('ess'), line: 1, step: i, message: `${it.raw} matches no node on this step's own screen.` });
        } catch (err) {
          out.push({ severity: 'error', file: base('ess'), line: 1, step: i, message: `${it.raw}: ${(err as Error).message}`, hint: 'Fix the xpath in the annotation, or point at the component by its number.' });
        }
      }
    }
  }
  const lastWithAction = ep.steps.length - 1;
  if (ep.actions.length && ep.actions.length !== lastWithAction && ep.actions.length !== ep.steps.length) {
    out.push({ severity: 'warning', file: relJoin(ep.path, 'eventStructs.txt'), message: `${ep.actions.length} actions for ${ep.steps.length} steps (expected ${lastWithAction}).` });
  }
  return out;
}

function dedupe(ps: Problem[]): Problem[] {
  const seen = new Set<string>();
  return ps.filter((p) => {
    const k = problemKey(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Validates a whole dataset: index, every episode folder, every screen file
 * (PNG signature, XML and .vh parse), every annotation (syntax, component
 * numbers in range, xpaths resolve). Returns counts and every located problem.
 */
export async function checkDataset(root: string, opts: LoadOptions = {}): Promise<CheckReport> {
  const summary = await openDataset(root, { ...(opts.signal ? { signal: opts.signal } : {}) });
  const perEpisode = await mapPool(summary.episodes, 4, async (ep) => {
    if (ep.problems.some((p) => p.severity === 'error' && p.step === undefined && ep.stepsFound === 0)) {
      return { problems: ep.problems, steps: 0, annotated: 0, items: 0 };
    }
    try {
      const loaded = await loadEpisode(summary.root, ep.path);
      const problems = dedupe([...ep.problems, ...(await deepCheck(summary.root, loaded))]);
      const annotated = loaded.steps.filter((s) => s.ess);
      return { problems, steps: loaded.steps.length, annotated: annotated.length, items: annotated.reduce((a, s) => a + (s.ess?.items.length ?? 0), 0) };
    } catch (err) {
      const problems: Problem[] = [...ep.problems, { severity: 'error', file: ep.path, message: `Could not load the episode: ${(err as Error).message}.`, hint: 'Restore the episode folder or fix its path in the index.' }];
      return { problems, steps: ep.stepsFound, annotated: 0, items: 0 };
    }
  }, opts);
  const problems = [...summary.problems, ...perEpisode.flatMap((e) => e.problems)];
  return {
    root: summary.root,
    counts: {
      episodes: summary.episodes.length,
      episodesWithErrors: perEpisode.filter((e) => e.problems.some((p) => p.severity === 'error')).length,
      steps: perEpisode.reduce((a, e) => a + e.steps, 0),
      annotatedSteps: perEpisode.reduce((a, e) => a + e.annotated, 0),
      essItems: perEpisode.reduce((a, e) => a + e.items, 0),
      errors: problems.filter((p) => p.severity === 'error').length,
      warnings: problems.filter((p) => p.severity === 'warning').length,
    },
    problems,
  };
}

