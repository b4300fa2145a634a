/**
 * The pieces every domain's argument schemas are built from (zod), and the run-time
 * introspection of path fields: the core resolves and confines a path by its tag, and the
 * robustness suite attacks every tagged field of every call (electron/robustness/).
 */
import { z } from 'zod';

/**
 * How a path argument is resolved, so the core treats every field of a kind alike:
 * - `host`: a folder or file on the machine running Touchstone, typed or picked by the user
 *   (a dataset to open, a traces folder, a label file, an export target). A relative one is taken
 *   from the first `--root` of `touchstone serve` (the folder the UI offers), from the working
 *   directory only when nothing confines the app (desktop, CLI); outside the roots it is refused.
 * - `dataset`: relative to the dataset named by the call's `datasetId` (an episode folder, a
 *   configuration file); the core refuses anything that leaves that dataset.
 */
export type PathKind = 'host' | 'dataset';

/** Where the path tags live: a registry of zod, read back by `pathFieldsOf`. */
const pathTags = z.registry<{ path: PathKind }>();

/** A path argument of `kind`: a non-empty string without NUL, tagged so the core and the tests can find it. */
export function pathField(kind: PathKind) {
  const s = z.string().min(1).refine((v) => !v.includes('\0'), { message: 'must not contain a NUL character' });
  pathTags.add(s, { path: kind });
  return s;
}

/** One line of text a file will hold (an `.ess` line): no NUL, which upstream's reader cannot take. */
export const textLine = () => z.string().refine((v) => !v.includes('\0'), { message: 'must not contain a NUL character' });

/** A string with something in it besides white space (names, ids); kept as given, not trimmed. */
export const nonBlank = () => z.string().refine((v) => v.trim() !== '', { message: 'must not be blank' });

/** The id of an opened dataset (from `dataset:open`). */
export const datasetId = () => z.string().min(1);

/** A step index: a whole number ≥ 0. */
export const stepIndex = () => z.int().min(0);

/** Arguments of a call that runs as a job: the client may pick the id to follow and cancel it (`job:*`). */
export const jobArgsShape = {
  /** Id for `job:progress` / `job:done` / `job:cancel`; the core makes one when absent. */
  jobId: z.string().optional(),
};

/** A domain's argument schemas, one per call (the keys are the domain's call names). */
export type ArgSchemas = Readonly<Record<string, z.ZodType>>;

/** The argument types a domain's schemas describe, by call name (what handlers receive). */
export type ArgsOf<S extends ArgSchemas> = { [K in keyof S]: z.infer<S[K]> };

/**
 * One path field of a call's arguments: where it sits (`at`: object keys, `'[]'` for every element
 * of an array) and its kind. Fields inside one option of a union are listed with that option's path.
 */
export interface PathFieldRef {
  at: string[];
  kind: PathKind;
}

/** Every path field an argument schema has, found by walking objects, arrays, unions and wrappers. */
export function pathFieldsOf(schema: z.ZodType): PathFieldRef[] {
  const out: PathFieldRef[] = [];
  const seen = new Set<string>();
  const walk = (s: z.ZodType, at: string[]): void => {
    const tag = pathTags.get(s);
    if (tag) {
      const key = at.join('.');
      if (!seen.has(key)) out.push({ at, kind: tag.path });
      seen.add(key);
      return;
    }
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
    switch (def.type) {
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(v, [...at, k]);
        break;
      case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'nonoptional': case 'catch':
        walk(def.innerType as z.ZodType, at);
        break;
      case 'array':
        walk(def.element as z.ZodType, [...at, '[]']);
        break;
      case 'union':
        for (const o of def.options as z.ZodType[]) walk(o, at);
        break;
      case 'intersection':
        walk(def.left as z.ZodType, at);
        walk(def.right as z.ZodType, at);
        break;
      case 'pipe':
        walk(def.in as z.ZodType, at);
        break;
      default:
        break;
    }
  };
  walk(schema, []);
  return out;
}
