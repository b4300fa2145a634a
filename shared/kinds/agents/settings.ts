/**
 * An agent kind's settings as one zod schema: each setting is built by a helper below that both
 * checks a `--agent-opt` value (text in, typed value out) and carries its description (label, kind,
 * bounds, placeholder, help) as zod metadata. The core parses with the schema, the CLI prints its
 * help from the descriptions, and the run form renders them (and checks a field with `fieldSchema`,
 * which rebuilds the same schema from a description that crossed the wire).
 */
import { z } from 'zod';

/** How the run form shows a setting. */
export type SettingKind = 'text' | 'url' | 'number' | 'choice' | 'secret';

/** A setting's description: serialisable (it crosses `run:agents`), and enough to rebuild its schema. */
export interface SettingField {
  /** The `--agent-opt` key (sent as `<agent>.<key>`). */
  key: string;
  label: string;
  kind: SettingKind;
  /** A value must be given (here, or through `env` in the core). */
  required?: boolean;
  min?: number;
  max?: number;
  integer?: boolean;
  choices?: { value: string; label: string }[];
  /** The value when none is given (as text, as the CLI would take it). */
  default?: string;
  placeholder?: string;
  help?: string;
  /** The core's environment variable that gives the value when no setting does. */
  env?: string;
}

type Meta = Omit<SettingField, 'key' | 'kind'>;

/** A failed setting: `missing` (required and not given) or a message that completes "<setting> ..." (e.g. `must be a number from 0 to 2; got "3".`). */
export interface SettingProblem { key: string; missing: boolean; message: string }

const missing = (ctx: z.RefinementCtx): never => { ctx.addIssue({ code: 'custom', message: 'missing', params: { missing: true } }); return z.NEVER; };
const given = (s: string | undefined): string | undefined => (s === undefined || s.trim() === '' ? undefined : s.trim());

/** An example value for messages: the placeholder without its "e.g. ". */
export function example(f: SettingField): string {
  return (f.placeholder ?? f.default ?? '').replace(/^e\.g\. /, '');
}

function text(kind: 'text' | 'secret', m: Meta) {
  return z.string().optional().transform((s, ctx) => given(s) ?? m.default ?? (m.required ? missing(ctx) : undefined)).meta({ ...m, kind });
}

const HTTP_URL = /^https?:\/\/(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

function url(m: Meta) {
  return z.string().optional().transform((s, ctx) => {
    const v = given(s);
    if (v === undefined) return m.default ?? (m.required ? missing(ctx) : undefined);
    // shared/ has no URL class (no DOM, no Node types): an http(s) scheme, then a host (with an optional port).
    if (!HTTP_URL.test(v)) { ctx.addIssue({ code: 'custom', message: `"${v}" is not an http(s) URL (e.g. ${example({ key: '', kind: 'url', ...m })}).` }); return z.NEVER; }
    return v;
  }).meta({ ...m, kind: 'url' });
}

function number(m: Meta & { min: number; max: number }) {
  return z.string().optional().transform((s, ctx) => {
    const v = given(s) ?? m.default;
    if (v === undefined) return m.required ? missing(ctx) : undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || (m.integer && !Number.isInteger(n)) || n < m.min || n > m.max) {
      ctx.addIssue({ code: 'custom', message: `must be ${m.integer ? 'a whole number' : 'a number'} from ${m.min} to ${m.max}; got "${v}".` });
      return z.NEVER;
    }
    return n;
  }).meta({ ...m, kind: 'number' });
}

function choice<const V extends string>(choices: readonly { value: V; label: string }[], m: Meta & { default: V }) {
  return z.string().optional().transform((s, ctx): V => {
    const v = given(s) ?? m.default;
    const c = choices.find((x) => x.value === v);
    if (!c) { ctx.addIssue({ code: 'custom', message: `must be one of ${choices.map((x) => x.value).join(', ')}; got "${v}".` }); return z.NEVER; }
    return c.value;
  }).meta({ ...m, kind: 'choice', choices: choices.map((c) => ({ ...c })) });
}

/** The setting helpers an agent spec builds its schema from. */
export const setting = {
  text: (m: Meta) => text('text', m),
  /** A key or token: the run form offers stored keys by name, and it is redacted wherever settings are recorded. */
  secret: (m: Meta) => text('secret', m),
  url,
  number,
  choice,
};

/** The descriptions of a settings schema, in its order. */
export function settingFields(schema: z.ZodObject): SettingField[] {
  return Object.entries(schema.shape).map(([key, s]) => {
    const meta = (s as z.ZodType).meta() as Omit<SettingField, 'key'> | undefined;
    if (!meta?.kind || !meta.label) throw new Error(`Agent setting "${key}" was not built with setting.* (it has no label or kind).`);
    return { key, ...meta };
  });
}

/** The schema of one description (the same helper the spec used, so the form checks as the core does). */
export function fieldSchema(f: SettingField): z.ZodType<unknown, string | undefined> {
  const { key: _key, kind, ...m } = f;
  if (kind === 'number') return number({ ...m, min: m.min ?? -Infinity, max: m.max ?? Infinity });
  if (kind === 'choice') return choice(m.choices ?? [], { ...m, default: m.default ?? m.choices?.[0]?.value ?? '' });
  if (kind === 'url') return url(m);
  return text(kind, m);
}

/** Parses `values` (unknown keys ignored: unscoped settings are shared by every agent of a run); problems per setting. */
export function parseSettings<T>(schema: z.ZodType<T>, values: Record<string, string>): { ok: true; value: T } | { ok: false; problems: SettingProblem[] } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, value: r.data };
  return {
    ok: false,
    problems: r.error.issues.map((i) => ({ key: String(i.path[0] ?? ''), missing: !!(i as { params?: { missing?: boolean } }).params?.missing, message: i.message })),
  };
}
