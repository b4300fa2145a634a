import { readFileSync } from 'node:fs';
import { manifestOf, type EvalManifest } from '../../shared/evaluation/manifest';
import { checkLines, checkManifest } from '../core/manifest/check-manifest';
import { JUDGE_FLAGS, judgeOptionsFrom } from '../core/judge/judge-config';

/** Reads a manifest from a `touchstone eval --json` report, a CSV's `.manifest.json`, or a bare manifest; throws saying what the file is instead. */
export function readManifestFile(file: string, who = 'touchstone eval'): EvalManifest {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (err) { throw new Error(`${who}: cannot read ${file}: ${(err as Error).message}`); }
  let json: unknown;
  try { json = JSON.parse(text); } catch (err) { throw new Error(`${who}: ${file} is not JSON (${(err as Error).message}); give a report written by touchstone eval --json, or its CSV's .manifest.json.`); }
  const m = manifestOf(json);
  if (!m) throw new Error(`${who}: ${file} holds no manifest: reports of Touchstone before manifests, or not a Touchstone report. Evaluate again with --json to get one.`);
  return m;
}

/** The values of `touchstone eval` that a check uses beside the manifest: workers, quiet, the judge's endpoint and key. */
type CheckValues = { jobs: number; quiet: boolean } & Partial<Record<(typeof JUDGE_FLAGS)[number], string | undefined>>;

/**
 * `touchstone eval --check-manifest FILE`: re-evaluates the recorded dataset and traces with the
 * recorded settings, prints whether every verdict reproduces and which input changed; exit 0 when
 * reproduced, 1 when not (or when an input is gone).
 */
export async function checkManifestCommand(file: string, v: CheckValues, readLabels: (file: string) => Map<string, boolean> | null): Promise<number> {
  let m: EvalManifest;
  try { m = readManifestFile(file); } catch (err) { console.error((err as Error).message); return 1; }
  const labels = m.humanLabels ? readLabels(m.humanLabels.file) : undefined;
  if (labels === null) return 1;
  try {
    const judge = m.settings.judge
      ? judgeOptionsFrom({ ...Object.fromEntries(JUDGE_FLAGS.map((k) => [k, v[k]])), 'llm-model': v['llm-model'] ?? m.settings.judge.models.join(',') }, process.env)
      : undefined;
    if (!v.quiet) console.error(`eval: re-evaluating ${Object.keys(m.episodes).length} episode(s) of ${m.dataset.root} with the traces of ${m.traces.root}`);
    const r = await checkManifest(m, { labels: labels && m.humanLabels ? { file: m.humanLabels.file, labels } : undefined, judge, jobs: v.jobs });
    for (const w of r.warnings.slice(0, 20)) console.error(`warning: ${w}`);
    console.log(checkLines(r).join('\n'));
    return r.reproduced ? 0 : 1;
  } catch (err) {
    console.error(`touchstone eval --check-manifest: ${(err as Error).message}`);
    return 1;
  }
}
