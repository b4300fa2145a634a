import { useShallow } from 'zustand/react/shallow';
import type { TraceVerdict } from '../../../shared/contract';
import { useAppStore } from '../../store';

/** One trace's verdict, and whether that is what a good annotation gives (`want`). */
function Verdict({ name, v, want, title }: { name: string; v: TraceVerdict | null; want: boolean; title: string }) {
  if (!v) return <span className="verdict muted" title={title}>{name}: —</span>;
  const good = v.passed === want;
  return (
    <span className={`verdict ${good ? 'good' : 'bad'}`} data-verdict={name} data-passed={String(v.passed)} title={`${title}${v.reason ? `\n${v.reason}` : ''}`}>
      {name}: {v.passed ? 'passes' : 'fails'} {good ? '✓' : '✗'}
    </span>
  );
}

/**
 * The live checks of the task's saved annotation: its own recording must pass,
 * the recording cut before the last state and a trace that did nothing must
 * fail; warnings about the whole task are listed here, those about one item
 * beside the item.
 */
export function LiveCheckPanel() {
  const s = useAppStore(useShallow((st) => ({ live: st.livePath === st.taskPath ? st.live : null, status: st.liveStatus, step: st.step })));
  if (!s.live) return s.status === 'loading' ? <div className="live-check muted" data-live-state="loading">Checking the annotation…</div> : null;
  const general = s.live.warnings.filter((w) => !w.item);
  return (
    <div className="live-check" data-live-state={s.status} data-warnings={s.live.warnings.map((w) => w.kind).join(' ')} aria-label="Live checks" role="region">
      {s.live.states === 0 ? <span className="muted">No step annotated yet: the checks start with the first item.</span> : (
        <div className="verdicts">
          <Verdict name="own" v={s.live.own} want title="The task's own recording must pass" />
          <Verdict name="cut" v={s.live.cut} want={false} title="The recording stopped before the last essential state must fail" />
          <Verdict name="no-op" v={s.live.noop} want={false} title="A trace that stays on the first screen must fail" />
        </div>
      )}
      {general.map((w, i) => (
        <p key={i} className={`live-warning${w.step === s.step ? ' here' : ''}`} data-warning={w.kind} role="alert">{w.step !== undefined && <b>step {w.step}: </b>}{w.message}</p>
      ))}
    </div>
  );
}
