import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { PanelHandle, usePanelVars } from './PanelHandle';
import './annotate.css';
import { useKeymap } from '../../keymap/use-keymap';
import { TaskList } from '../tasks/TaskList';
import { AnnotatedEpisode } from './AnnotatedEpisode';
import { annotateBindings } from './annotate-keys';
import { CheckpointsPanel } from './checkpoints/CheckpointsPanel';
import { CheckPanel } from '../check/CheckPanel';
import './annotate-layout.css';

/** The annotation view: the task queue, the episode's screen, and the current step's essential-state editor. */
export function AnnotateView() {
  const s = useAppStore(useShallow((st) => ({
    taskPath: st.taskPath, step: st.step, ready: st.episodeStatus === 'ready', loadDraft: st.loadDraft, loadSuggestions: st.loadSuggestions,
    checkOpen: st.checkOpen, unannotated: st.episode?.steps.every((x) => x.ess === undefined) ?? false, drawn: st.hierarchyStatus !== 'loading', draftIdle: st.draftStatus === 'idle',
  })));
  const panelVars = usePanelVars();
  useKeymap('annotate', useMemo(() => annotateBindings(useAppStore), []));
  // The step's annotation is read as soon as the task or step is chosen, alongside the episode, and
  // again whenever the editor was reset (a dataset opened anew can leave the same task and step selected).
  const asked = useRef('');
  useEffect(() => {
    if (!s.taskPath) return;
    const key = `${s.taskPath}|${s.step}`;
    if (key === asked.current && !s.draftIdle) return;
    asked.current = key;
    void s.loadDraft();
  }, [s.taskPath, s.step, s.draftIdle, s.loadDraft]);
  // Suggestions are for a task without annotation, fetched once when it opens: after its first
  // screen is drawn, so the server's work on them never delays what the annotator sees first.
  useEffect(() => {
    if (!s.ready || !s.unannotated || !s.drawn) return;
    const t = setTimeout(() => void s.loadSuggestions(), 50);
    return () => clearTimeout(t);
  }, [s.taskPath, s.ready, s.unannotated, s.drawn, s.loadSuggestions]);
  // "Check dataset" opens its panel under the workspace here too (as in the dataset view), inside the window.
  return (
    <>
      <div className="workspace annotate" style={panelVars as CSSProperties}>
        <TaskList queue />
        <PanelHandle panel="task" />
        <AnnotatedEpisode />
        <CheckpointsPanel />
      </div>
      {s.checkOpen && <CheckPanel />}
    </>
  );
}
