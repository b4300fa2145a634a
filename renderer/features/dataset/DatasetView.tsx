import { useMemo } from 'react';
import { useAppStore } from '../../store';
import { useKeymap } from '../../keymap/use-keymap';
import { TaskList } from '../tasks/TaskList';
import { EpisodeView } from '../episode/EpisodeView';
import { CheckPanel } from '../check/CheckPanel';
import { datasetBindings } from './dataset-keys';

/** The dataset window: tasks, the selected episode, and the check panel when open. */
export function DatasetView() {
  const checkOpen = useAppStore((s) => s.checkOpen);
  useKeymap('dataset', useMemo(() => datasetBindings(useAppStore), []));
  return (
    <>
      <div className="workspace">
        <TaskList />
        <EpisodeView />
      </div>
      {checkOpen && <CheckPanel />}
    </>
  );
}
