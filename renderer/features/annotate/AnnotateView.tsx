import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { useKeymap } from '../../keymap/use-keymap';
import { TaskList } from '../tasks/TaskList';
import { EpisodeView } from '../episode/EpisodeView';
import { annotateBindings } from './annotate-keys';

/** The annotation view: the task queue, the episode's screen, and the current step's essential-state editor. */
export function AnnotateView() {
  const s = useAppStore(useShallow((st) => ({ taskPath: st.taskPath, step: st.step, ready: st.episodeStatus === 'ready', loadDraft: st.loadDraft })));
  useKeymap('annotate', useMemo(() => annotateBindings(useAppStore), []));
  useEffect(() => {
    if (s.ready) void s.loadDraft();
  }, [s.taskPath, s.step, s.ready, s.loadDraft]);
  return (
    <div className="workspace annotate">
      <TaskList queue />
      <EpisodeView annotate />
    </div>
  );
}
