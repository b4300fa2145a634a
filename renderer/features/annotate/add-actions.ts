import type { GtAction } from '../../../shared/model';
import { formatEssItem, type EssItemInput } from '../../../shared/formats/ess';
import { PRIMITIVE_REGISTRY, type PrimitiveRegistry } from '../../../shared/kinds/primitives';

/** One way to add an item: the key, the button label, and the item it makes (null when it cannot now). */
export interface AddAction {
  key: string;
  label: string;
  title: string;
  /** Toggles (activity, screen fuzzy) remove the item when present. */
  toggle?: boolean;
  /** `text`: the component's text, from which a pattern or a range is made. */
  item(component: number | null, action: GtAction | undefined, text?: string): string | null;
}

/**
 * The one-key adds of a primitive table, in button order: each primitive's spec declares its own
 * (shared/kinds/primitives), and the item is spelled by the shared formatter.
 */
export function addActions(registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): AddAction[] {
  return registry.adds.map((a) => ({
    key: a.key, label: a.label, title: a.title, ...(a.toggle ? { toggle: true } : {}),
    item(component, action, text) {
      const made = a.make(component, action, text) as EssItemInput | null;
      return made ? formatEssItem(made, registry) : null;
    },
  }));
}

/** The one-key adds of the essential-state editor, in button order. */
export const ADD_ACTIONS: readonly AddAction[] = addActions();
