import type { EssItem } from '../../model';
import type { MatchServices, TraceInput } from '../../evaluation/types';
import { matchInstalled } from '../../evaluation/match-simple';
import { hasReserved } from './syntax';

type InstallKind = 'installed' | 'uninstalled';
type InstallItem<K extends InstallKind> = Extract<EssItem, { kind: K }>;

/**
 * The parts `check_install<app>` and `check_uninstall<app>` share: the content is an app name (or
 * a package), checked at the end against the packages the trace recorded as installed. `keywords`
 * lists every upstream spelling; the first is what new items are written with.
 */
export function installCheck<K extends InstallKind>(kind: K, keywords: readonly InstallItem<K>['spelling'][]) {
  type Item = InstallItem<K>;
  const canonical = keywords[0]!;
  return {
    kind,
    keywords,
    parse: (keyword: string, content: string, raw: string): Item | string =>
      content ? ({ kind, app: content, spelling: keyword, raw } as Item) : `${keyword}<> needs an app name`,
    format: (item: { spelling: string; app: string }): string => `${item.spelling}<${item.app}>`,
    /** An app name as the picker offers it: trimmed; none when empty or not spellable. */
    fromText: (text: string): Omit<Item, 'raw'> | null => {
      const app = text.trim();
      return !app || hasReserved(app) ? null : ({ kind, app, spelling: canonical } as Omit<Item, 'raw'>);
    },
    needs: { appTable: true },
    cost: (): 'string' => 'string',
    match: (item: { raw: string; app: string }, _gt: unknown, _exec: unknown, trace: TraceInput, svc: MatchServices) => matchInstalled(kind, item.raw, item.app, trace, svc),
    content: (item: { app: string }): string => item.app,
  };
}
