import { useEffect } from 'react';
import type { EvalOverview } from '../../../shared/contract/evaluation';
import { formatP, summariseDifferences } from '../../../shared/evaluation/compare';
import { manifestLines } from '../../../shared/evaluation/manifest';
import { METHOD_LABELS } from '../../../shared/evaluation/overview-metrics';
import type { TouchstoneClient } from '../../api/client';
import { useKeymap } from '../../keymap/use-keymap';
import { useCompareStore, type CompareMethod } from './compare-store';
import { ConfusionMatrix } from './ConfusionMatrix';
import './compare.css';

const METHODS: readonly CompareMethod[] = ['essential', 'stepwise', 'lcs'];
const verdict = (v: boolean): string => (v ? 'completed' : 'not completed');

/**
 * Two agents of the open evaluation side by side, as `touchstone compare A B` prints them: the outcome
 * confusion matrix on the episodes both judged, McNemar's exact test, the episodes whose verdict
 * flipped (a click opens A's replay, with B's one click away) and what differs in their manifests.
 */
export function CompareView({ client, overview, onReplay, onClose }: {
  client: TouchstoneClient;
  overview: EvalOverview;
  /** Opens the replay of `episode` for agent `a`, with `b`'s replay offered beside it. */
  onReplay(episode: string, a: string, b: string): void;
  onClose(): void;
}) {
  const s = useCompareStore();
  // Once per evaluation (the store keeps the picks while a replay opened from here is shown).
  useEffect(() => { void useCompareStore.getState().start(client, overview); }, [client, overview]);
  useKeymap('evaluate', [{ keys: ['Escape'], label: 'Back to the overview', group: 'Compare', run: onClose }]);
  const tasks = new Map(overview.tasks.map((t) => [t.episode, t]));
  const r = s.result;
  const agentSelect = (side: 'a' | 'b') => (
    <select aria-label={`Agent ${side.toUpperCase()}`} data-side={side} value={s[side]} onChange={(e) => void s.pick(client, { [side]: e.target.value })}>
      {overview.agents.map((a) => <option key={a} value={a}>{a}</option>)}
    </select>
  );
  return (
    <main className="compare" data-compare-state={s.status} data-a={s.a} data-b={s.b} data-method={s.method}>
      <header className="compare-head">
        <button className="btn btn-small" onClick={onClose} title="Back to the overview (Esc)">← Overview</button>
        <b>Compare</b> A {agentSelect('a')} with B {agentSelect('b')} on
        <select aria-label="Method" value={s.method} onChange={(e) => void s.pick(client, { method: e.target.value as CompareMethod })}>
          {METHODS.map((m) => <option key={m} value={m}>{METHOD_LABELS[m]}</option>)}
        </select>
        <span className="muted">the same code as <code>touchstone compare A B</code></span>
      </header>
      {s.error && <div className="error-box" role="alert">{s.error}</div>}
      {r && (
        <div className="compare-body">
          <section className="compare-stats">
            <ConfusionMatrix r={r} />
            <p className="compare-test" data-testid="compare-mcnemar" data-p={r.paired.mcnemar.p} data-discordant={r.paired.mcnemar.discordant}>
              McNemar exact test: {r.paired.mcnemar.discordant} discordant pair(s) ({r.paired.onlyA} A only, {r.paired.onlyB} B only), <b>p = {formatP(r.paired.mcnemar.p)}</b>
            </p>
            {(r.paired.onlyInA.length > 0 || r.paired.onlyInB.length > 0) && (
              <p className="muted" data-testid="compare-unpaired">Not paired: {r.paired.onlyInA.length} episode(s) only judged for A, {r.paired.onlyInB.length} only for B.</p>
            )}
            <h3>What differs in the manifests</h3>
            <ul className="compare-differences" data-testid="compare-differences" data-count={r.differences.length}>
              {r.differences.length ? summariseDifferences(r.differences).flatMap((l) => l.split('\n')).map((l, i) => <li key={i}>{l.trim()}</li>) : <li>No difference in tool, settings or inputs.</li>}
            </ul>
            <details className="compare-manifests">
              <summary>Both manifests</summary>
              <div className="compare-manifest-pair">
                {[r.a, r.b].map((side, i) => <ul key={i} aria-label={`Manifest of ${side.name}`}><li><b>{i ? 'B' : 'A'}: {side.name}</b></li>{manifestLines(side.manifest).map((l, j) => <li key={j}>{l}</li>)}</ul>)}
              </div>
            </details>
          </section>
          <section className="compare-flips" data-testid="compare-flips" data-count={r.paired.flips.length}>
            <h3>{r.paired.flips.length} episode(s) flipped</h3>
            <p className="muted">A click opens A's replay; B's is one click away in it.</p>
            <ul>
              {r.paired.flips.map((f) => (
                <li key={f.episode}>
                  <button className="compare-flip" data-episode={f.episode} data-verdict-a={String(f.a)} data-verdict-b={String(f.b)} onClick={() => onReplay(f.episode, r.a.name, r.b.name)}>
                    <b className="mono">{f.episode}</b>
                    <span className="flip-task">{tasks.get(f.episode)?.description ?? ''}</span>
                    <span className={`chip ${f.a ? 'pass' : 'fail'}`}>A {verdict(f.a)}</span>
                    <span className={`chip ${f.b ? 'pass' : 'fail'}`}>B {verdict(f.b)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </main>
  );
}
