/**
 * The `.ess` primitives: one file per primitive, one line per primitive here. Adding a primitive
 * is its item type in shared/model/essential-state.ts, its spec file, and its line below; the
 * parser, formatter, evaluator dispatch and order, component targets, annotation keys and
 * colours, suggestions and input preparation all read this table.
 */
import type { EssItem } from '../../model';
import type { PrimitiveSpec, SomePrimitiveSpec } from './spec';
import { createPrimitiveRegistry } from './registry';
import { activity } from './activity';
import { exact } from './exact';
import { fuzzy } from './fuzzy';
import { click } from './click';
import { exclude } from './exclude';
import { type } from './type';
import { installed } from './installed';
import { uninstalled } from './uninstalled';
import { ocr } from './ocr';
import { text } from './text';
import { regex } from './regex';
import { range } from './range';
import { exactOn } from './exact-on';

/** Each kind of EssItem mapped to the spec of exactly that kind (the compiler names a missing one). */
export type PrimitiveTable = { [K in EssItem['kind']]: PrimitiveSpec<Extract<EssItem, { kind: K }>> };

/** Every primitive, by kind; table order is the legend order of the coloured ones. */
export const PRIMITIVES = {
  activity,
  exact,
  fuzzy,
  click,
  exclude,
  type,
  installed,
  uninstalled,
  ocr,
  text,
  regex,
  range,
  exact_on: exactOn,
} satisfies PrimitiveTable;

/** The production primitives as a list (a test builds a registry from this plus its own). */
export const PRIMITIVE_LIST: readonly SomePrimitiveSpec[] = Object.values(PRIMITIVES);

/** The production registry every consumer reads by default. */
export const PRIMITIVE_REGISTRY = createPrimitiveRegistry(PRIMITIVE_LIST);

/** The primitives that point at a component and get a colour on the canvas (exact, fuzzy, click, exclude). */
export type EssPrimitive = {
  [K in keyof typeof PRIMITIVES]: (typeof PRIMITIVES)[K]['ui'] extends { colour: string } ? K : never;
}[keyof typeof PRIMITIVES];

export type { CostTier, ItemBase, PrimitiveAdd, PrimitiveInput, PrimitiveInputKind, PrimitiveNeeds, PrimitiveSpec, PrimitiveUi, SomePrimitiveSpec, WithoutRaw } from './spec';
export { createPrimitiveRegistry, type KindAdd, type PrimitiveRegistry } from './registry';
export { ESS_RESERVED, hasReserved, withoutReserved } from './syntax';
