import { useEffect, useMemo, useRef } from 'react';
import { useAppStore } from '../../store';
import { useEvalStore, rememberedSpec } from './eval-store';
import { EvalOpenForm } from './EvalOpenForm';
import { OverviewPane } from './OverviewPane';
import { ReplayView } from './ReplayView';
import './evaluate.css';

/**
 * The evaluation view: the open form until an evaluation is open (or the one the server was started
 * with, `serve --dataset --traces`, or the last one of this tab), then the overview or one replay.
 */
export function EvaluateView() {
  const client = useAppStore((s) => s.client);
  const { overview, mode, status, open } = useEvalStore();
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current || overview || status !== 'idle' || useEvalStore.getState().prefill) return;
    tried.current = true;
    // The server's preset is opened by useEvalPreset; a reload of this view reopens the tab's last evaluation.
    void client.call('eval:preset', {}).then((preset) => {
      const spec = preset ? null : rememberedSpec();
      if (spec && useEvalStore.getState().status === 'idle') void open(client, spec);
    });
  }, [client, overview, status, open]);
  const body = useMemo(() => (!overview ? <EvalOpenForm client={client} /> : mode === 'replay' ? <ReplayView client={client} /> : <OverviewPane client={client} />), [overview, mode, client]);
  return <div className="evaluate" data-eval-state={status} data-eval-verified={overview ? String(overview.verified) : ''}>{body}</div>;
}
