import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { DemoDatasetButton } from './DemoDatasetButton';
import { OpenProgress } from './OpenProgress';
import { useTraceFolderOffer } from '../evaluate/TraceFolderOffer';

/** The start screen: pick a folder (desktop), or type a path / choose a recent one (web). */
export function OpenDatasetView() {
  const { info, recent, status, error, openPath, pickFolder } = useAppStore(
    useShallow((s) => ({ info: s.info, recent: s.recent, status: s.datasetStatus, error: s.datasetError, openPath: s.openPath, pickFolder: s.pickFolder })),
  );
  const [path, setPath] = useState('');
  const traces = useTraceFolderOffer(openPath);
  const busy = status === 'loading';
  const candidates = [...(info?.startRoots ?? []).filter((r) => !recent.some((x) => x.path === r)).map((r) => ({ path: r, name: r.split(/[\\/]/).pop() ?? r, openedAt: '' })), ...recent];

  return (
    <main className="open-view">
      <section className="open-card">
        <h1>Open a dataset</h1>
        <p className="muted">A LlamaTouch ground-truth folder: <code>llamatouch_task_metadata.tsv</code> and one folder per episode.</p>
        {info?.canPickFolder && (
          <button className="btn btn-primary" disabled={busy} onClick={() => void pickFolder()}>Choose folder…</button>
        )}
        <form className="path-form" onSubmit={(e) => { e.preventDefault(); if (path.trim()) void traces.open(path); }}>
          <label htmlFor="dataset-path">Folder path{info?.mode === 'web' ? ' on the server' : ''}</label>
          <div className="path-row">
            <input id="dataset-path" name="dataset-path" type="text" value={path} placeholder="/data/llamatouch/dataset" spellCheck={false}
              autoFocus onChange={(e) => setPath(e.target.value)} disabled={busy} />
            <button className="btn" type="submit" disabled={busy || !path.trim()}>Open</button>
          </div>
        </form>
        <DemoDatasetButton />
        <OpenProgress />
        {traces.offer}
        {error && <div className="error-box" role="alert">{error}</div>}
        {candidates.length > 0 && (
          <div className="recent">
            <h2>Recent</h2>
            <ul>
              {candidates.map((r) => (
                <li key={r.path}>
                  <button className="recent-item" disabled={busy} onClick={() => { setPath(r.path); void openPath(r.path); }}>
                    <span className="recent-name">{r.name}</span>
                    <span className="recent-path mono">{r.path}</span>
                    {r.openedAt && <span className="recent-time">{new Date(r.openedAt).toLocaleString()}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </main>
  );
}
