import { useEffect, useMemo, useRef } from 'react';
import { useAppStore } from '../../store';
import { useEvalStore, rememberedSpec } from './eval-store';
import { EvalOpenForm } from './EvalOpenForm';
import { OverviewPane } from './OverviewPane';
import { ReplayView } from './ReplayView';
import { CompareView } from '../compare/CompareView';
import './evaluate.css';

/**
 * The evaluation view: the open form until an evaluation is open (or the one the server was started
 * with, `serve --dataset --traces`, or the last one of this tab), then the overview or one replay.
 */
export function EvaluateView() {
  const client = useAppStore((s) => s.client);
  const { overview, mode, status, open, openPair, closeCompare } = useEvalStore();
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
  const body = useMemo(() => {
    if (!overview) return <EvalOpenForm client={client} />;
    if (mode === 'replay') return <ReplayView client={client} />;
    if (mode === 'compare') return <CompareView client={client} overview={overview} onReplay={(ep, a, b) => void openPair(client, ep, a, b)} onClose={closeCompare} />;
    return <OverviewPane client={client} />;
  }, [overview, mode, client, openPair, closeCompare]);
  return <div className="evaluate" data-eval-state={status} data-eval-verified={overview ? String(overview.verified) : ''}>{body}</div>;
}
