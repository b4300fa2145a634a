import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { followJob, newJobId } from '../../api/jobs';
import { useAppStore } from '../../store';

/**
 * "Open the demo dataset": made on first use (the virtual phone records the demo
 * tasks and runs the built-in agents, a job with progress), then opened.
 */
export function DemoDatasetButton() {
  const { client, openPath, status } = useAppStore(useShallow((s) => ({ client: s.client, openPath: s.openPath, status: s.datasetStatus })));
  const [making, setMaking] = useState<{ jobId: string; done: number; total: number; message?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function open(): Promise<void> {
    const jobId = newJobId('demo');
    setError(null);
    setMaking({ jobId, done: 0, total: 0 });
    const stop = followJob(client, jobId, (p) => setMaking({ jobId, done: p.done, total: p.total, message: p.message }));
    try {
      const { path } = await client.call('run:demoDataset', { jobId });
      setMaking(null);
      await openPath(path);
    } catch (err) {
      setMaking(null);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      stop();
    }
  }

  return (
    <div className="demo-dataset" data-demo-state={making ? 'making' : error ? 'error' : 'idle'}>
      <button className="btn" type="button" disabled={making !== null || status === 'loading'} onClick={() => void open()}>Open the demo dataset</button>
      {making && (
        <span className="muted" role="status">
          Making the demo dataset{making.total ? ` ${making.done}/${making.total}` : ''}…{' '}
          <button className="btn btn-small" type="button" onClick={() => void client.call('job:cancel', { jobId: making.jobId })}>Cancel</button>
        </span>
      )}
      {error && <div className="error-box" role="alert">{error}</div>}
    </div>
  );
}
