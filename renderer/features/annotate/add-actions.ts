import type { GtAction } from '../../../shared/model';

/** One way to add an item: the key, the button label, and the item it makes (null when it cannot now). */
export interface AddAction {
  key: string;
  label: string;
  title: string;
  /** Toggles (activity, screen fuzzy) remove the item when present. */
  toggle?: boolean;
  item(component: number | null, action: GtAction | undefined): string | null;
}

/** The one-key adds of the essential-state editor, in button order. */
export const ADD_ACTIONS: readonly AddAction[] = [
  { key: 'e', label: 'Exact', title: 'The selected component must be on the screen, equal (exact<n>)', item: (c) => (c === null ? null : `exact<${c}>`) },
  { key: 'f', label: 'Fuzzy', title: 'A component with similar text must be on the screen (fuzzy<n>)', item: (c) => (c === null ? null : `fuzzy<${c}>`) },
  { key: 'x', label: 'Exclude', title: 'The selected component must NOT be on the screen (exclude<n>)', item: (c) => (c === null ? null : `exclude<${c}>`) },
  { key: 'c', label: 'Click', title: 'The agent must tap inside the selected component on this step (click<n>)', item: (c) => (c === null ? null : `click<${c}>`) },
  { key: 'a', label: 'Activity', title: 'The foreground activity must be this step\'s (activity<0>)', toggle: true, item: () => 'activity<0>' },
  { key: 's', label: 'Screen fuzzy', title: 'The whole screen must be similar (fuzzy<-1>)', toggle: true, item: () => 'fuzzy<-1>' },
  { key: 't', label: 'Type', title: 'The agent must type the text this step typed (type<text>)', item: (_c, a) => (a?.kind === 'input' && !/[<>|]/.test(a.text) ? `type<${a.text}>` : null) },
];
