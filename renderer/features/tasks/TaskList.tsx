import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TaskEntry } from '../../../shared/contract';
import { formatProblem } from '../../../shared/model';
import { useAppStore } from '../../store';
import { ProblemList } from '../../components/ProblemList';
import { datasetLevelProblems, filterTasks } from './filter-tasks';
import { ANY_TASK, matchesQueue, type QueueFilter } from './queue-filter';
import { QueueFilters } from './QueueFilters';
import { scrollIntoList } from '../../components/scroll-into-list';

/**
 * Searchable list of the dataset's tasks; ↑/↓ (or j/k) move the selection.
 * As the annotation queue (`queue`): filters (status, app, category, steps) and the overall progress.
 */
export function TaskList({ queue = false }: { queue?: boolean }) {
  const { tasks, query, taskPath, setQuery, selectTask, reviews } = useAppStore(
    useShallow((s) => ({ tasks: s.dataset?.tasks ?? [], query: s.query, taskPath: s.taskPath, setQuery: s.setQuery, selectTask: s.selectTask, reviews: s.reviews })),
  );
  const [filter, setFilter] = useState<QueueFilter>(ANY_TASK);
  const shown = useMemo(() => filterTasks(tasks, query).filter((t) => !queue || matchesQueue(t, filter, reviews)), [tasks, query, queue, filter, reviews]);
  const done = tasks.filter((t) => t.annotatedSteps > 0).length;
  const datasetProblems = useAppStore((s) => s.dataset?.problems);
  const ownProblems = useMemo(() => datasetLevelProblems(datasetProblems ?? [], tasks), [datasetProblems, tasks]);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    scrollIntoList(listRef.current, listRef.current?.querySelector('[aria-selected="true"]'));
  }, [taskPath]);

  const move = (delta: number) => {
    if (shown.length === 0) return;
    const i = shown.findIndex((t) => t.path === taskPath);
    const next = shown[Math.min(shown.length - 1, Math.max(0, i < 0 ? 0 : i + delta))];
    void selectTask(next.path);
  };

  return (
    <aside className="task-panel" aria-label="Tasks">
      <div className="task-search">
        <input id="task-search" type="search" placeholder="Search tasks  ( / )" value={query} spellCheck={false}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              move(e.key === 'ArrowDown' ? 1 : -1);
            } else if (e.key === 'Escape') setQuery('');
            else if (e.key === 'Enter' && shown.length) {
              // Enter opens the first hit and hands the keys to the list (↑/↓ go on from there).
              e.preventDefault();
              void selectTask(shown[0].path);
              listRef.current?.focus({ preventScroll: true });
            }
          }} />
        <span className="task-count">{shown.length === tasks.length ? `${tasks.length} tasks` : `${shown.length} of ${tasks.length}`}</span>
      </div>
      {queue && <QueueFilters tasks={tasks} value={filter} onChange={setFilter} />}
      {queue && (
        <div className="queue-bar">
          <div className="progress queue-progress" role="progressbar" aria-label="Tasks annotated" aria-valuemin={0} aria-valuemax={tasks.length} aria-valuenow={done}>
            <div className="progress-bar" style={{ width: `${tasks.length ? (100 * done) / tasks.length : 0}%` }} />
            <span title="n opens the next task without annotation">{done} of {tasks.length} annotated</span>
          </div>
        </div>
      )}
      {ownProblems.length > 0 && <ProblemList problems={ownProblems} scope="in the dataset" className="problems dataset-problems" open />}
      <ul className="task-list" role="listbox" aria-label="Task list" ref={listRef} tabIndex={0} data-task-count={shown.length} data-focus-region="tasks"
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'j') { e.preventDefault(); move(1); }
          if (e.key === 'ArrowUp' || e.key === 'k') { e.preventDefault(); move(-1); }
        }}>
        {shown.map((t) => <TaskRow key={t.path} task={t} review={queue ? reviews?.[t.path]?.status : undefined} selected={t.path === taskPath} onSelect={() => void selectTask(t.path)} />)}
        {shown.length === 0 && <li className="task-empty">{tasks.length === 0 ? 'This dataset lists no tasks.' : queue ? 'No task matches the search and filters.' : 'No task matches the search.'}</li>}
      </ul>
    </aside>
  );
}

function TaskRow({ task, review, selected, onSelect }: { task: TaskEntry; review?: 'reviewed' | 'returned'; selected: boolean; onSelect(): void }) {
  const firstError = task.problems.find((p) => p.severity === 'error');
  return (
    <li role="option" aria-selected={selected} className={`task-row${selected ? ' selected' : ''}`} data-episode={task.episode} data-status={task.status} onClick={onSelect}>
      <div className="task-row-top">
        <span className="task-app">{task.app || '—'}</span>
        <span className="task-cat">{task.category}</span>
        <StatusBadges task={task} />
        {review && <span className={`badge badge-${review === 'reviewed' ? 'ok' : 'error'}`} data-review={review}>{review}</span>}
      </div>
      <div className="task-desc" title={task.description}>{task.description || <em>No description</em>}</div>
      {firstError && (
        <div className="task-error" title={task.problems.filter((p) => p.severity === 'error').map((p) => formatProblem(p)).join('\n')}>
          {formatProblem({ ...firstError, hint: undefined })}
          {task.errors > 1 && <span className="task-error-more"> (+{task.errors - 1} more)</span>}
        </div>
      )}
      <div className="task-meta">
        <span className="mono">{task.episode}</span>
        <span>{task.nsteps} steps{task.stepsOnDisk !== undefined && task.stepsOnDisk !== task.nsteps ? ` (${task.stepsOnDisk} on disk)` : ''}</span>
      </div>
    </li>
  );
}

/** Errors never hide the annotation count: a broken episode with an .ess shows both. */
function StatusBadges({ task }: { task: TaskEntry }) {
  return (
    <>
      {task.errors > 0 && <span className="badge badge-error" title={`${task.errors} error(s)`}>{task.errors} error{task.errors > 1 ? 's' : ''}</span>}
      {task.annotatedSteps > 0
        ? <span className="badge badge-ok" title={`${task.annotatedSteps} annotated step(s)`}>{task.annotatedSteps} ess</span>
        : task.errors === 0 && <span className="badge badge-none">not annotated</span>}
    </>
  );
}
