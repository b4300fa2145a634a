import { useEffect, useMemo, useState } from 'react';
import { EVAL_METHOD_KEYS } from '../../../shared/contract/evaluation-methods';
import { METHOD_LABELS } from '../../../shared/evaluation/overview-metrics';
import type { Size } from '../../../shared/model';
import type { TouchstoneClient } from '../../api/client';
import { ScreenStage } from '../../canvas/ScreenStage';
import { StageLayer } from '../../canvas/stage-context';
import { ActionMark } from '../../canvas/layers/ActionMark';
import { RectMarks } from '../../canvas/layers/RectMarks';
import { useKeymap } from '../../keymap/use-keymap';
import { useEvalStore } from './eval-store';
import { agentMarks, expectedMarks, firstMiss, focusState } from './replay-marks';
import { execAsGtAction } from '../../../shared/kinds/actions';
import { StateStepLinks } from './StateStepLinks';
import { ReplayPair } from './ReplayPair';
import { ReplayExtra } from './ExtraMethods';
import { StepConversationView } from '../../components/StepConversationView';

const verdictText = (v: boolean | undefined): string => (v === undefined ? '–' : v ? 'completed' : 'not completed');

/**
 * One task x agent replayed: the ground-truth essential states above, the agent's steps below, a line
 * from each state to the step that matched it; the ground-truth screen of the state in focus with its
 * expected nodes, the agent's screen with its action and the matched (or closest) nodes, and every
 * item's evidence in words. Scrub with ←/→ or the slider, play with Space.
 */
export function ReplayView({ client }: { client: TouchstoneClient }) {
  const { detail, detailStatus, step, setStep, closeReplay, setLabel, pair } = useEvalStore();
  const [playing, setPlaying] = useState(false);
  const n = detail?.agentSteps.length ?? 0;
  useEffect(() => {
    // Every screen is fetched once up front, so scrubbing never waits on the network.
    for (const s of detail?.agentSteps ?? []) if (s.url) new Image().src = s.url;
    for (const s of detail?.gtSteps ?? []) if (s.url) new Image().src = s.url;
  }, [detail]);
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => {
      const st = useEvalStore.getState();
      if (st.step >= n - 1) setPlaying(false);
      else st.setStep(st.step + 1);
    }, 700);
    return () => clearInterval(id);
  }, [playing, n]);
  const label = (v: boolean | null) => detail && void setLabel(client, detail.agent, detail.episode, v);
  useKeymap('evaluate', [
    { keys: ['ArrowRight', 'l'], label: 'Next agent step', group: 'Replay', run: () => setStep(step + 1) },
    { keys: ['ArrowLeft', 'h'], label: 'Previous agent step', group: 'Replay', run: () => setStep(step - 1) },
    { keys: ['Space'], label: 'Play / pause', group: 'Replay', run: () => setPlaying((p) => !p) },
    { keys: ['Home'], label: 'First step', group: 'Replay', run: () => setStep(0) },
    { keys: ['End'], label: 'Last step', group: 'Replay', run: () => setStep(n - 1) },
    { keys: ['y', '1'], label: 'Human label: completed', group: 'Labels', run: () => label(true) },
    { keys: ['n', '0'], label: 'Human label: not completed', group: 'Labels', run: () => label(false) },
    { keys: ['x'], label: 'Clear the human label', group: 'Labels', run: () => label(null) },
    { keys: ['Escape'], label: 'Back to the overview (or the comparison)', group: 'Replay', run: () => closeReplay() },
  ]);
  const focus = useMemo(() => (detail ? focusState(detail, step) : undefined), [detail, step]);
  if (!detail) return <main className="replay" data-replay-state={detailStatus}>{detailStatus === 'error' ? 'Cannot load the episode.' : 'Loading…'}</main>;
  const miss = firstMiss(detail);
  const gt = focus && !focus.implicit ? detail.gtSteps.find((s) => s.index === focus.gtStep) : undefined;
  const agent = detail.agentSteps[step];
  const action = execAsGtAction(agent?.action);
  const aMarks = agentMarks(detail, step);
  const closest = miss?.closestStep === step;
  return (
    <main className="replay" data-replay-state="ready" data-episode={detail.episode} data-agent={detail.agent} data-step={step}>
      <header className="replay-head">
        <button className="btn btn-small" onClick={closeReplay} title={`Back to the ${pair ? 'comparison' : 'overview'} (Esc)`}>← {pair ? 'Comparison' : 'Overview'}</button>
        <ReplayPair client={client} />
        <div><b className="mono">{detail.episode}</b> · {detail.agent} <span className="muted">{detail.task.description}</span></div>
        <div className="verdicts">
          {EVAL_METHOD_KEYS.map((m) => {
            const v = m === 'essential' ? detail.essential?.completed : m === 'legacy' ? detail.legacy?.completed : detail[m]?.completed;
            return <span key={m} className={`chip ${v === undefined ? '' : v ? 'pass' : 'fail'}`} data-method={m} title={METHOD_LABELS[m]}>{METHOD_LABELS[m]}: {verdictText(v)}</span>;
          })}
        </div>
        <div className="human-label" data-human={detail.human === undefined ? '' : detail.human ? '1' : '0'}>
          human: <button className={`btn btn-small${detail.human === true ? ' on' : ''}`} onClick={() => label(true)} title="y">✓ completed</button>
          <button className={`btn btn-small${detail.human === false ? ' on' : ''}`} onClick={() => label(false)} title="n">✗ not</button>
          <button className="btn btn-small" onClick={() => label(null)} title="x">clear</button>
        </div>
      </header>
      {(detail.error || detail.essential?.reason) && <p className="replay-reason" data-reason>{detail.error ?? detail.essential?.reason}</p>}
      <ReplayExtra agent={detail.agent} episode={detail.episode} />
      <StateStepLinks detail={detail} step={step} onStep={setStep} />
      <div className="replay-scrub">
        <button className="btn btn-small" onClick={() => setPlaying((p) => !p)} data-playing={playing}>{playing ? 'Pause' : 'Play'}</button>
        <input type="range" min={0} max={Math.max(0, n - 1)} value={step} aria-label="Agent step" onChange={(e) => setStep(Number(e.target.value))} />
        <span className="mono">step {step} / {Math.max(0, n - 1)}</span>
      </div>
      <div className="replay-main">
        <section className="replay-screen">
          <h3>Ground truth {gt ? `step ${gt.index}` : focus?.implicit ? '(implicit final state)' : ''} <span className="muted">{focus ? (focus.matched ? `matched at agent step ${focus.execStep}` : 'expected, not found') : ''}</span></h3>
          <ScreenStage url={gt?.url ?? null} screen={gt?.screen} className="replay-stage gt" attrs={() => ({ 'data-gt-step': gt?.index, 'data-expected-marks': focus ? expectedMarks(focus).length : 0 })}>
            <StageLayer><RectMarks marks={expectedMarks(focus)} /></StageLayer>
          </ScreenStage>
        </section>
        <section className="replay-screen">
          <h3>Agent step {step} <span className="muted">{agent?.activity ?? ''}</span>{closest && <span className="chip fail" data-closest-step={step}>closest step to the missing state</span>}</h3>
          <ScreenStage url={agent?.url ?? null} screen={agent?.screen as Size | undefined} className="replay-stage agent"
            attrs={() => ({ 'data-step': step, 'data-agent-marks': aMarks.length, 'data-action': agent?.action?.kind ?? 'none' })}>
            <StageLayer><RectMarks marks={aMarks} /></StageLayer>
            <StageLayer><ActionMark action={action} /></StageLayer>
          </ScreenStage>
        </section>
        <Evidence focusReason={focus?.reason} items={focus?.items ?? []} title={focus ? `${focus.matched ? 'Matched' : 'Unmatched'} state: ${focus.ess}` : 'Every state matched'} />
      </div>
      {agent?.conversation && (
        <details open className="replay-conversation" aria-label="Step conversation" data-step={step}>
          <summary>The model at step {step}</summary>
          <StepConversationView c={agent.conversation} screenUrl={agent.url} />
        </details>
      )}
    </main>
  );
}

type EvidenceItem = { item: string; kind: string; status: string; sentence: string; evidence: { expected?: string; actual?: string; differences?: string[] } };

/** What an item compared: a screen comparison lists the lines only one screen has; other items show expected and found. */
function Compared({ i }: { i: EvidenceItem }) {
  const lines = i.kind === 'fuzzy' ? i.evidence.differences : undefined;
  if (lines?.length) {
    return (
      <ul className="line-diff mono" aria-label="Lines only one screen has">
        {lines.map((l, k) => <li key={k} className={l.startsWith('+') ? 'added' : 'removed'}>{l}</li>)}
      </ul>
    );
  }
  if (!i.evidence.expected && !i.evidence.actual) return null;
  return <div className="muted mono">expected {i.evidence.expected ?? '–'} · found {i.evidence.actual ?? '–'}</div>;
}

function Evidence({ title, items, focusReason }: { title: string; items: EvidenceItem[]; focusReason?: string }) {
  return (
    <aside className="evidence">
      <h3>{title}</h3>
      {focusReason && <p className="state-reason">{focusReason}</p>}
      <ul>
        {items.map((i, k) => (
          <li key={k} className={i.status} data-item={i.item} data-status={i.status}>
            <code>{i.item}</code> <b>{i.status}</b>: {i.sentence}
            <Compared i={i} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
