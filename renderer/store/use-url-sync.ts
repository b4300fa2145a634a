import { useEffect } from 'react';
import type { AppStore } from './create-store';
import type { Store } from './types';
import { formatRoute, isNewPlace, parseRoute, sameRoute, type Route } from '../route/route';

/** The place the store shows, as a route. */
export function routeOf(s: Store): Route {
  const root = s.dataset?.root ?? null;
  const task = root ? s.taskPath : null;
  return { view: s.view, dataset: root, task, step: task ? s.step : null };
}

/**
 * Keeps the URL's hash and the store in step once booted: a new view, dataset
 * or task pushes a history entry, a step replaces the current one; back and
 * forward (popstate) take the store to the entry's place. Nothing is written
 * while a place from the history is being applied.
 */
export function useUrlSync(store: AppStore): void {
  useEffect(() => {
    let applying = false;
    let written = parseRoute(window.location.hash);
    const write = (s: Store) => {
      if (applying || s.bootStatus !== 'ready') return;
      const route = routeOf(s);
      if (sameRoute(route, written)) return;
      const hash = formatRoute(route);
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      if (isNewPlace(written, route)) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      written = route;
    };
    const unsubscribe = store.subscribe(write);
    const onPop = () => {
      const route = parseRoute(window.location.hash);
      written = route;
      applying = true;
      void store.getState().applyRoute(route).finally(() => {
        applying = false;
        write(store.getState()); // the place as it turned out (a task that no longer exists, a clamped step)
      });
    };
    window.addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPop);
    };
  }, [store]);
}
