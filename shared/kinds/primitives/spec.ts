import type { EssItem, EssTarget, GtAction } from '../../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices, TraceInput } from '../../evaluation/types';

/** The shape every `.ess` item has: its kind and its exact source spelling. */
export interface ItemBase {
  kind: string;
  raw: string;
}

/** An item without its source spelling (what an editor or a suggestion builds before formatting). */
export type WithoutRaw<I extends ItemBase> = I extends ItemBase ? Omit<I, 'raw'> : never;

/**
 * A spec of some item kind, as a registry holds it. The registry dispatches by kind, so each spec
 * only ever sees items of its own kind; no single item type covers both what `parse` returns and
 * what `match` accepts across kinds, hence `any` here and nowhere else.
 */
export type SomePrimitiveSpec = PrimitiveSpec<any>;

/**
 * What a primitive's check reads besides the ground truth, so input preparation fetches only what
 * the episode's items use: the execution step's hierarchy, text recognised on its screenshot,
 * sentence embeddings, screenshot crops compared as icons, the app table and installed-apps list.
 */
export interface PrimitiveNeeds {
  hierarchy?: boolean;
  ocr?: boolean;
  embeddings?: boolean;
  icons?: boolean;
  appTable?: boolean;
}

/** Which evaluation input an item needs (a key of PrimitiveNeeds). */
export type PrimitiveInput = keyof PrimitiveNeeds;

/**
 * How much one check costs on one step: string work, a partial screenshot decode (~2 ms, an icon
 * comparison), or a model (sentence embeddings ~50-90 ms per window, OCR). Fixed mode runs the
 * tiers in this order, so a scan rejects most steps before touching images or models.
 */
export type CostTier = 'string' | 'icon' | 'model';

/** How an annotator gives a new item its content in the annotation view. */
export type PrimitiveInputKind =
  /** the selected (or hovered) component */
  | 'component'
  /** nothing: the item is fixed (a toggle) */
  | 'none'
  /** the text the recorded action of the step typed */
  | 'recorded-text'
  /** an app from the picker */
  | 'app'
  /** a line of the text OCR reads on the screenshot */
  | 'screen-text';

/** One one-key add of the annotation view: its key, button and the item it makes. */
export interface PrimitiveAdd {
  key: string;
  label: string;
  /** The button's tooltip and the help overlay's explanation. */
  title: string;
  input: PrimitiveInputKind;
  /** Toggles (activity, screen fuzzy) remove the item when it is already there. */
  toggle?: boolean;
  /** Position among the editor's add buttons (lower first); keeps the button row stable as kinds are added. */
  slot: number;
  /**
   * The item to add now, or null when it cannot be made (no component selected, no typed text);
   * `text` is the component's text (a pattern or range is made from it).
   */
  make(component: number | null, action: GtAction | undefined, text?: string): WithoutRaw<EssItem> | null;
}

/** What the annotation view shows of a primitive. */
export interface PrimitiveUi {
  /** Name in lists and the legend. */
  label: string;
  /** How new items of this kind get their content. */
  input: PrimitiveInputKind;
  /** Canvas, legend and chip colour, for primitives that point at a component. */
  colour?: string;
  /** Drawn dashed on the canvas (the component must be absent). */
  dashed?: boolean;
  /** The one-key adds (none: the item is added another way, e.g. the app picker or the OCR layer). */
  adds: readonly PrimitiveAdd[];
}

/**
 * Everything about one `.ess` primitive, in one object: its spellings, parse and format, the
 * inputs its check needs, its evaluation order and cost, its matcher and one-sentence description,
 * and its UI. Consumers (the `.ess` parser, the evaluator's dispatch, the annotation view,
 * suggestions, input preparation) read these objects and never switch on the kind themselves.
 *
 * Functions are declared as methods so a spec of one item kind is assignable to `PrimitiveSpec`.
 */
export interface PrimitiveSpec<I extends ItemBase = EssItem> {
  kind: I['kind'];
  /** Every keyword the parser accepts for this kind (upstream spellings included); the first is canonical. */
  keywords: readonly string[];
  /** The item for `keyword<content>` (its source text `raw`), or what is wrong with the content. */
  parse(keyword: string, content: string, raw: string): I | string;
  /** The item's `keyword<content>` spelling; parses back to the same item. */
  format(item: WithoutRaw<I>): string;
  /**
   * A new item from free text (typed text, an OCR line, an app name), applying the reserved-character
   * rule: null when the text cannot be spelled inside `keyword<...>`. Absent for kinds without text.
   */
  fromText?(text: string): WithoutRaw<I> | null;
  /** A parse warning for an item that is accepted but not checked (fuzzy<-2>). */
  warning?(item: I): string | undefined;
  needs: PrimitiveNeeds;
  /** Rank within its cost tier in fixed mode, and upstream's rank in legacy mode (lower runs first). */
  order: { fixed: number; legacy: number };
  /** The cost of checking `item` on one step; `gt` tells whether a component is an icon. */
  cost(item: I, gt: GtStateInput | undefined): CostTier;
  /** The verdict on one execution step; null for an item that is ignored. May throw (the dispatch catches). */
  match(item: I, gt: GtStateInput, exec: ExecStepInput, trace: TraceInput, svc: MatchServices): ItemVerdict | null;
  /**
   * Persistence of the final state (shared/evaluation/persistence.ts): how `later`, a step after
   * `reached` (where the state was matched), undoes what the item held there, as a verb phrase
   * ("turned 'Mute ads' off again"), else null. Absent: the kind is never undone by a later screen
   * (activity, fuzzy<-1>, ocr: leaving a screen or a text fading is not undoing; actions and
   * installs are not screen items). The rule and its examples: shared/evaluation/README.md.
   */
  undoneBy?(item: I, gt: GtStateInput, reached: ExecStepInput, later: ExecStepInput, svc: MatchServices): string | null;
  /** The component the item points at (index or xpath), or null (none, or the whole screen). */
  target?(item: I): EssTarget | null;
  /** What a non-component item names (typed text, an app), for display; null when nothing. */
  content?(item: I): string | null;
  /** What the item checks, as one sentence; `what` names the resolved component(s). */
  describe(item: I, what: string): string;
  ui: PrimitiveUi;
}
