/**
 * Where the user is, as the address bar shows it: the view, the dataset
 * folder, the task and the step, in the URL's hash (`#/dataset?root=...&task=...&step=2`)
 * so it works from file:// (desktop) and from the web server alike, and a
 * reload or back/forward returns to the same place.
 */
export const VIEWS = ['dataset', 'annotate', 'evaluate', 'run'] as const;
export type ViewName = (typeof VIEWS)[number];

export interface Route {
  view: ViewName;
  /** The dataset's root folder (absolute, as the core reports it); null on the open screen. */
  dataset: string | null;
  /** The task's folder relative to the root. */
  task: string | null;
  step: number | null;
}

export const HOME_ROUTE: Route = { view: 'dataset', dataset: null, task: null, step: null };

export function isView(v: string): v is ViewName {
  return (VIEWS as readonly string[]).includes(v);
}

/** The hash for a route; parameters appear only when set. */
export function formatRoute(r: Route): string {
  const q = new URLSearchParams();
  if (r.dataset) q.set('root', r.dataset);
  if (r.dataset && r.task) q.set('task', r.task);
  if (r.dataset && r.task && r.step !== null) q.set('step', String(r.step));
  const query = q.toString();
  return `#/${r.view}${query ? `?${query}` : ''}`;
}

/** The route of a hash; anything unreadable falls back to the open screen of the dataset view. */
export function parseRoute(hash: string): Route {
  const m = /^#?\/?([a-z]*)(?:\?(.*))?$/.exec(hash);
  if (!m) return HOME_ROUTE;
  const view = isView(m[1]) ? m[1] : 'dataset';
  const q = new URLSearchParams(m[2] ?? '');
  const dataset = q.get('root') || null;
  const task = dataset ? q.get('task') || null : null;
  const stepText = task ? q.get('step') : null;
  const step = stepText !== null && /^\d{1,6}$/.test(stepText) ? Number(stepText) : null;
  return { view, dataset, task, step };
}

/**
 * Whether going from `a` to `b` is a new place in the history (a push) or the
 * same place refined (a replace): another view, dataset or task is new; a
 * step, or a task being chosen where none was, refines the current entry.
 */
export function isNewPlace(a: Route, b: Route): boolean {
  if (a.view !== b.view || a.dataset !== b.dataset) return true;
  return a.task !== null && b.task !== null && a.task !== b.task;
}

export function sameRoute(a: Route, b: Route): boolean {
  return formatRoute(a) === formatRoute(b);
}
