import type { EssItem, EssTarget } from '../../model';
import type { GtStateInput } from '../../evaluation/types';
import { isIconComponent } from '../../evaluation/component-target';
import { parseTarget, targetText } from './syntax';
import type { CostTier } from './spec';

type ComponentKind = 'exact' | 'exclude' | 'click';

/** Parse, format and target of the primitives whose content is one component (a number or an xpath). */
export function componentTarget<K extends ComponentKind>(kind: K) {
  type Item = Extract<EssItem, { kind: K }>;
  return {
    parse: (_keyword: string, content: string, raw: string): Item | string => {
      const target = parseTarget(content);
      return target ? ({ kind, target, raw } as Item) : `${kind}<${content}> needs a component number or an xpath`;
    },
    format: (item: { target: EssTarget }): string => `${kind}<${targetText(item.target)}>`,
    target: (item: { target: EssTarget }): EssTarget => item.target,
  };
}

/**
 * exact/exclude on a component without text compare screenshot crops (an icon: a partial decode,
 * ~2 ms); on a component with text, or an xpath, or with no ground truth at hand, strings only.
 */
export function componentCost(item: { target: EssTarget }, gt: GtStateInput | undefined): CostTier {
  if (!gt || !('index' in item.target)) return 'string';
  const c = gt.components[item.target.index];
  return c && isIconComponent(c) ? 'icon' : 'string';
}
