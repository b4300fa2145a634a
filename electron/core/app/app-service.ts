import { createHash } from 'node:crypto';
import { basename, extname, isAbsolute, posix, relative, resolve, sep } from 'node:path';
import type { CheckReport, ContractCalls, DatasetOverview, EventName, EventPayload } from '../../../shared/contract';
import { RootGuard } from '../fs/roots';
import { statIn } from '../fs/confined-read';
import { datasetBackend, type DatasetBackend } from './dataset-backend';
import { AppError } from './errors';
import { RecentStore } from './recent-store';
import { IMAGE_EXTENSIONS } from './static-files';
import type { AppService, EventListener, FileUrlFor } from './types';

export interface AppServiceOptions {
  mode: 'desktop' | 'web';
  version?: string;
  /** Where the recent list lives (Electron's userData, or ~/.config/touchstone). */
  stateDir: string;
  fileUrl: FileUrlFor;
  /** Desktop: shows the native folder dialog. */
  pickFolder?: () => Promise<string | null>;
  /** Web `--root`: dataset:open accepts only folders inside these. */
  allowedRoots?: string[];
  /** The dataset layer (tests may pass one over fixture folders; defaults to electron/core/datasets). */
  backend?: DatasetBackend;
}

/** The real path of an existing path (symlinks resolved), or null. */
function realFolder(abs: string): string | null {
  try {
    return new RootGuard().add(abs);
  } catch {
    return null;
  }
}

/**
 * The core behind both transports. Owns the RootGuard: every path a call
 * touches must resolve (symlinks included) inside a dataset the user opened.
 */
export function createAppService(options: AppServiceOptions): AppService {
  const guard = new RootGuard();
  const allowed = options.allowedRoots?.length ? new RootGuard() : null;
  const startRoots = (options.allowedRoots ?? []).map((r) => allowed!.add(r));
  const backend = options.backend ?? datasetBackend;
  const recent = new RecentStore(options.stateDir);
  const datasets = new Map<string, DatasetOverview>();
  const listeners = new Set<EventListener>();
  // episode:load and episode:screens arrive together for the same folder; parse it once.
  const episodes = new Map<string, ReturnType<DatasetBackend['episode']>>();
  const episodeOf = (root: string, rel: string): ReturnType<DatasetBackend['episode']> => {
    const key = `${root}\0${rel}`;
    let p = episodes.get(key);
    if (!p) {
      p = backend.episode(root, rel);
      p.catch(() => episodes.delete(key));
      episodes.set(key, p);
      if (episodes.size > 8) episodes.delete(episodes.keys().next().value!);
    }
    return p;
  };

  const emit = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    for (const l of listeners) l(event, payload);
  };
  // Scans and checks in flight, so dataset:cancelOpen / dataset:cancelCheck can stop them.
  const opening = new Set<AbortController>();
  const checking = new Set<AbortController>();
  /** Progress for one scan, at most about 200 events however many episodes (each one crosses IPC or a WebSocket). */
  const throttledProgress = (root: string) => {
    let last = -1;
    return (done: number, total: number): void => {
      if (done < total && done - last < Math.max(1, total / 200)) return;
      last = done;
      emit('dataset:progress', { path: root, done, total, phase: 'episodes' });
    };
  };

  async function open(path: unknown): Promise<DatasetOverview> {
    if (typeof path !== 'string' || path.trim() === '' || path.includes('\0')) throw new AppError('bad-request', 'dataset:open needs a folder path.');
    // Resolved once, to one real path that the root check, the stat and the guard all use: a relative
    // path is taken from the first --root (the folder the UI offers), else from the working directory.
    const real = realFolder(resolve(allowed ? allowed.roots()[0] : process.cwd(), path));
    if (!real) throw new AppError('not-found', `Cannot open ${path}: no such folder. The path is read on the machine running Touchstone.`);
    if (allowed) {
      try {
        allowed.resolve(real);
      } catch {
        throw new AppError('refused', `Opening ${path} refused: this server was started with --root ${allowed.roots().join(', ')} and only opens folders inside it.`);
      }
    }
    const st = await statIn(real, '.');
    if (!st) throw new AppError('not-found', `Cannot open ${path}: no such folder. The path is read on the machine running Touchstone.`);
    if (!st.isDirectory()) throw new AppError('bad-request', `Cannot open ${path}: it is a file, not a folder. Choose the dataset folder.`);
    const root = guard.add(real);
    for (const key of episodes.keys()) if (key.startsWith(`${root}\0`)) episodes.delete(key); // reopening rereads from disk
    const id = createHash('sha256').update(root).digest('hex').slice(0, 12);
    emit('dataset:progress', { path: root, done: 0, total: 0, phase: 'index' });
    const ctl = new AbortController();
    opening.add(ctl);
    let scanned: Awaited<ReturnType<DatasetBackend['open']>>;
    try {
      scanned = await backend.open(root, throttledProgress(root), ctl.signal);
    } catch (err) {
      if (ctl.signal.aborted) throw new AppError('cancelled', `Opening ${root} was cancelled; nothing was changed.`, { cause: err });
      throw err;
    } finally {
      opening.delete(ctl);
    }
    const overview: DatasetOverview = { id, root, name: basename(root) || root, ...scanned };
    datasets.set(id, overview);
    await recent.add(root);
    emit('dataset:progress', { path: root, done: overview.tasks.length, total: overview.tasks.length, phase: 'done' });
    return overview;
  }

  async function check(ds: DatasetOverview): Promise<CheckReport> {
    const ctl = new AbortController();
    checking.add(ctl);
    let last = -1;
    const progress = (done: number, total: number): void => {
      if (done < total && done - last < Math.max(1, total / 200)) return; // about 200 events at most, as for opening
      last = done;
      emit('dataset:checkProgress', { datasetId: ds.id, done, total });
    };
    try {
      emit('dataset:checkProgress', { datasetId: ds.id, done: 0, total: ds.tasks.length });
      return await backend.check(ds.root, progress, ctl.signal);
    } catch (err) {
      if (ctl.signal.aborted) throw new AppError('cancelled', `Checking ${ds.root} was cancelled.`, { cause: err });
      throw err;
    } finally {
      checking.delete(ctl);
    }
  }

  function dataset(id: unknown): DatasetOverview {
    const ds = typeof id === 'string' ? datasets.get(id) : undefined;
    if (!ds) throw new AppError('not-found', `Dataset ${String(id)} is not open. Open its folder again (the app may have restarted).`);
    return ds;
  }

  /** Root-relative, forward-slash path of `rel` inside the dataset, or AppError('refused'). */
  function confine(ds: DatasetOverview, rel: unknown): { rel: string; abs: string } {
    if (typeof rel !== 'string' || rel === '' || rel.includes('\0')) throw new AppError('bad-request', 'Expected a path relative to the dataset folder.');
    let abs: string;
    try {
      abs = guard.resolve(isAbsolute(rel) ? rel : `${ds.root}${sep}${rel}`);
    } catch (err) {
      throw new AppError('refused', (err as Error).message, { cause: err });
    }
    const r = relative(ds.root, abs);
    if (r.startsWith('..') || isAbsolute(r)) {
      throw new AppError('refused', `Access to ${rel} refused: it lies outside the dataset ${ds.root}. Open its folder as a dataset first.`);
    }
    return { rel: r.split(sep).join(posix.sep), abs };
  }

  function step(n: unknown): number {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new AppError('bad-request', `Step must be a whole number ≥ 0, got ${JSON.stringify(n)}.`);
    return n;
  }

  const calls: ContractCalls = {
    'app:info': async () => ({
      name: 'Touchstone',
      version: options.version ?? '0.0.0',
      mode: options.mode,
      canPickFolder: options.pickFolder !== undefined,
      startRoots,
    }),
    'dataset:open': (args) => open(args?.path),
    'dataset:cancelOpen': async () => {
      const n = opening.size;
      for (const ctl of opening) ctl.abort();
      return { cancelled: n };
    },
    'dataset:pickFolder': async () => {
      if (!options.pickFolder) throw new AppError('unavailable', 'There is no folder dialog in web mode; type the folder path instead.');
      const picked = await options.pickFolder();
      return picked ? open(picked) : null;
    },
    'dataset:recent': () => recent.list(),
    'dataset:summary': async (args) => dataset(args?.datasetId),
    'dataset:check': (args) => check(dataset(args?.datasetId)),
    'dataset:cancelCheck': async () => {
      const n = checking.size;
      for (const ctl of checking) ctl.abort();
      return { cancelled: n };
    },
    'episode:load': async (args) => {
      const ds = dataset(args?.datasetId);
      const { rel } = confine(ds, args?.path);
      return { datasetId: ds.id, ...(await episodeOf(ds.root, rel)) };
    },
    'episode:screens': async (args) => {
      const ds = dataset(args?.datasetId);
      const { rel } = confine(ds, args?.path);
      const ep = await episodeOf(ds.root, rel);
      return ep.steps.map((s) => ({ step: s.index, url: s.files.png ? options.fileUrl(ds.id, posix.join(rel, `${s.index}.png`)) : null }));
    },
    'episode:hierarchy': async (args) => {
      const ds = dataset(args?.datasetId);
      const { rel } = confine(ds, args?.path);
      return backend.hierarchy(ds.root, rel, step(args?.step));
    },
  };

  return {
    calls,
    async resolveScreenFile(datasetId, relPath) {
      const ds = dataset(datasetId);
      if (!IMAGE_EXTENSIONS.has(extname(relPath).toLowerCase())) {
        throw new AppError('refused', `Access to ${relPath} refused: only screenshots (png, jpg, webp) are served.`);
      }
      const { abs, rel } = confine(ds, relPath);
      const st = await statIn(ds.root, rel);
      if (!st?.isFile()) throw new AppError('not-found', `No screenshot at ${relPath} in ${ds.root}.`);
      return abs;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
