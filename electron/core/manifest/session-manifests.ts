import { verdictsOf, type AgentManifest } from '../../../shared/evaluation/manifest';
import type { MethodName } from '../../../shared/evaluation/metrics';
import { EVAL_MANIFEST_METHODS } from '../../../shared/contract/evaluation-methods';
import { persistRuleFor } from '../../../shared/evaluation/persistence';
import { DEFAULT_EMBEDDER_SPEC } from '../evaluation/embedding-provider';
import type { EvalSession } from '../evaluation/eval-session';
import { buildManifest, verdictSettings } from './eval-manifest';

/** The view's verdicts a manifest holds (EVAL_MANIFEST_METHODS), in fixed mode with final state `complete`, as `touchstone eval`'s defaults. */
const VIEW_METHODS: readonly MethodName[] = EVAL_MANIFEST_METHODS;

/**
 * The manifest of each agent of an open evaluation in the view, built by the same code as the CLI's
 * (`buildManifest`): content hashes of the inputs, the view's settings, each agent's own labels file
 * and its verdicts. `touchstone eval --check-manifest` reads one back, `touchstone compare` compares two.
 */
export async function sessionManifests(s: EvalSession): Promise<AgentManifest[]> {
  const embedder = s.spec.embedder ?? DEFAULT_EMBEDDER_SPEC;
  const persist = persistRuleFor('fixed', s.spec.persist);
  const settings = await verdictSettings(
    { datasetRoot: s.datasetRoot, embedder, ...(s.spec.countInterrupted ? { countInterrupted: true } : {}), ...(s.spec.persist ? { persist } : {}) },
    { methods: [...VIEW_METHODS], mode: 'fixed', final: 'complete' },
  );
  const out: AgentManifest[] = [];
  for (const a of s.agents.values()) {
    const cells = s.overview.cells.filter((c) => c.agent === a.name && a.traces.has(c.episode));
    const rows = cells.map((c) => ({ episode: c.episode, completed: Object.fromEntries(VIEW_METHODS.flatMap((m) => (c.verdicts[m as keyof typeof c.verdicts] === undefined ? [] : [[m, c.verdicts[m as keyof typeof c.verdicts]!]]))) }));
    const manifest = await buildManifest({
      datasetRoot: s.datasetRoot, tracesRoot: a.root, roots: s.roots,
      traces: cells.map((c) => ({ episode: c.episode, traceDir: a.traces.get(c.episode)!.dir })),
      settings, results: verdictsOf(rows, VIEW_METHODS),
      ...(a.labels.size ? { labels: { file: a.labelFile, labels: a.labels } } : {}),
    });
    out.push({ agent: a.name, manifest });
  }
  return out;
}
