import type { EssTarget } from '../../model';
import type { PrimitiveNeeds } from './spec';

/**
 * The content form of the tolerant primitives that carry a setting after their component:
 * `n:setting` (a component number, a colon, then the pattern, range or attribute list). Only
 * component numbers: an xpath may itself contain colons.
 */
export function splitIndexed(keyword: string, content: string, what: string): { target: { index: number }; rest: string } | string {
  const m = /^(\d+):(.*)$/s.exec(content);
  if (!m) return `${keyword}<${content}> needs a component number, a colon and ${what}, e.g. ${keyword}<3:${what === 'a pattern' ? '\\d{1,2}:\\d{2}' : what === 'a number range' ? '0..100' : 'text,resource-id'}>`;
  return { target: { index: Number(m[1]) }, rest: m[2]! };
}

/** What every tolerant primitive shares: it reads the execution hierarchy and is string work. */
export const TOLERANT = {
  needs: { hierarchy: true } satisfies PrimitiveNeeds,
  cost: () => 'string' as const,
  target: (item: { target: EssTarget }): EssTarget => item.target,
};
