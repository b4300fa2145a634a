import type { EpisodeRow, MethodName } from './metrics';

/**
 * What produced a result: the tool, the inputs' content and every setting that can change a
 * verdict. Written beside every evaluation (the CLI's JSON, CSV and HTML, the view's exports) so a
 * number can be reproduced (`touchstone eval --check-manifest`) and two results compared
 * (`touchstone compare`). Hashes are sha1 hex of the content, never of paths or modification times.
 */
export interface EvalManifest {
  format: typeof EVAL_MANIFEST_FORMAT;
  tool: { name: 'touchstone'; version: string };
  createdAt: string;
  dataset: {
    root: string;
    /** One hash over every evaluated episode's annotation hash (in episode order). */
    annotationsHash: string;
  };
  traces: { root: string; /** One hash over every evaluated trace folder's hash. */ hash: string };
  /** Per evaluated episode: its annotation files (`*.ess`, `checkpoints.json`), the rest of its recording, and its trace folder. */
  episodes: Record<string, ManifestEpisode>;
  humanLabels?: { file: string; hash: string; count: number };
  settings: VerdictSettings;
  /** Per episode, each method's verdict (`null`: no verdict), and the numbers of the whole run. */
  results: { verdicts: Record<string, Partial<Record<MethodName, boolean | null>>>; overall: Partial<Record<MethodName, { n: number; completed: number }>> };
}

/** One agent's (trace set's) manifest where a result holds several: `touchstone eval --csv`'s `.manifest.json` for several trace sets, the evaluation view's exports. */
export interface AgentManifest { agent: string; manifest: EvalManifest }

/** The per-episode inputs a manifest pins. */
export interface ManifestEpisode {
  /** Folder relative to the dataset root. */
  folder: string;
  annotation: string;
  recording: string;
  traceDir: string;
  trace: string;
}

/** Every setting that changes a verdict. */
export interface VerdictSettings {
  methods: MethodName[];
  mode: string;
  final: string;
  shard?: { index: number; count: number };
  fuzzyThreshold?: number;
  screenThreshold?: number;
  followLinks?: boolean;
  /** `--count-interrupted`: interrupted episodes counted in n (metrics.ts, ApartCounts); changes rates, not verdicts. */
  countInterrupted?: boolean;
  /** `--persist` (the evaluation view's persistence setting) when one was given; else the mode's default. */
  persist?: string;
  embedder: { spec: string; id?: string; threshold?: number; modelHash?: string };
  /** The editable app table install checks read. */
  appTableHash?: string;
  checkpoints?: { file?: string; hash?: string };
  judge?: { models: string[]; input: string; frames: string; promptHash: string; endpoint?: string };
}

/** Format tag of an evaluation manifest. */
export const EVAL_MANIFEST_FORMAT = 'touchstone-manifest/1';

/** Each row's verdicts per method (`null` where the method gave none), for a manifest's `results`. */
export function verdictsOf(rows: readonly Pick<EpisodeRow, 'episode' | 'completed'>[], methods: readonly MethodName[]): EvalManifest['results'] {
  const verdicts: EvalManifest['results']['verdicts'] = {};
  const overall: EvalManifest['results']['overall'] = {};
  for (const m of methods) overall[m] = { n: 0, completed: 0 };
  for (const r of rows) {
    const v: Partial<Record<MethodName, boolean | null>> = {};
    for (const m of methods) {
      const c = r.completed[m];
      v[m] = c ?? null;
      if (c !== undefined) { overall[m]!.n++; if (c) overall[m]!.completed++; }
    }
    verdicts[r.episode] = v;
  }
  return { verdicts, overall };
}

/** One verdict that differs between two results. */
export interface VerdictChange {
  episode: string;
  method: MethodName;
  /** `undefined`: the episode (or method) is absent on that side. */
  before: boolean | null | undefined;
  after: boolean | null | undefined;
}

/** Verdicts that differ between a recorded result and a new one (episodes of either side). */
export function verdictChanges(before: EvalManifest['results'], after: EvalManifest['results']): VerdictChange[] {
  const out: VerdictChange[] = [];
  const episodes = [...new Set([...Object.keys(before.verdicts), ...Object.keys(after.verdicts)])];
  for (const episode of episodes) {
    const b = before.verdicts[episode];
    const a = after.verdicts[episode];
    const methods = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])] as MethodName[];
    for (const method of methods) {
      const x = b?.[method];
      const y = a?.[method];
      if (x !== y) out.push({ episode, method, before: x, after: y });
    }
  }
  return out;
}

/** One difference between two manifests, said in words (`what`) with both values. */
export interface ManifestDifference {
  /** `tool`, `setting`, `episode`, `labels` or `dataset`. */
  kind: 'tool' | 'setting' | 'episode' | 'labels' | 'dataset';
  what: string;
  before?: string;
  after?: string;
}

const show = (v: unknown): string | undefined => (v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * What differs between two manifests, most telling first: the tool version, each verdict setting,
 * then per episode which input changed ("episode X's annotation changed", "... trace changed",
 * "... recording changed", "only in A"). Paths (dataset and traces roots) are compared only by
 * content, so a moved folder with the same files is no difference.
 */
export function diffManifests(a: EvalManifest, b: EvalManifest): ManifestDifference[] {
  const out: ManifestDifference[] = [];
  if (a.tool.version !== b.tool.version) out.push({ kind: 'tool', what: 'Touchstone version changed', before: a.tool.version, after: b.tool.version });
  const sa = flatten(a.settings);
  const sb = flatten(b.settings);
  for (const k of [...new Set([...Object.keys(sa), ...Object.keys(sb)])]) {
    if (sa[k] !== sb[k]) out.push({ kind: 'setting', what: `setting ${k} changed`, before: sa[k], after: sb[k] });
  }
  const la = a.humanLabels;
  const lb = b.humanLabels;
  if (la?.hash !== lb?.hash) out.push({ kind: 'labels', what: 'human labels changed', before: la ? `${la.file} (${la.count} labels)` : 'none', after: lb ? `${lb.file} (${lb.count} labels)` : 'none' });
  for (const id of [...new Set([...Object.keys(a.episodes), ...Object.keys(b.episodes)])]) {
    const x = a.episodes[id];
    const y = b.episodes[id];
    if (!x || !y) { out.push({ kind: 'episode', what: `episode ${id} is only in ${x ? 'the first' : 'the second'} result` }); continue; }
    if (x.annotation !== y.annotation) out.push({ kind: 'episode', what: `episode ${id}'s annotation changed`, before: x.annotation, after: y.annotation });
    if (x.recording !== y.recording) out.push({ kind: 'episode', what: `episode ${id}'s ground-truth recording changed`, before: x.recording, after: y.recording });
    if (x.trace !== y.trace) out.push({ kind: 'episode', what: `episode ${id}'s trace changed`, before: x.trace, after: y.trace });
  }
  return out;
}

/** Settings as `a.b.c` -> value text, so nested settings compare one by one. */
function flatten(o: object, prefix = ''): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v as object, key));
    else out[key] = show(v);
  }
  return out;
}

/** A manifest as short lines for people (reports, `--check-manifest`): tool, inputs, settings. */
export function manifestLines(m: EvalManifest): string[] {
  const s = flatten(m.settings);
  return [
    `Touchstone ${m.tool.version}, ${m.createdAt}`,
    `dataset ${m.dataset.root} (annotations ${m.dataset.annotationsHash.slice(0, 12)}, ${Object.keys(m.episodes).length} episodes)`,
    `traces ${m.traces.root} (${m.traces.hash.slice(0, 12)})`,
    ...(m.humanLabels ? [`human labels ${m.humanLabels.file} (${m.humanLabels.count}, ${m.humanLabels.hash.slice(0, 12)})`] : []),
    ...Object.entries(s).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${v}`),
  ];
}

/** Reads a manifest out of a parsed result file (a `touchstone eval --json` report, or a bare manifest); undefined when there is none. */
export function manifestOf(json: unknown): EvalManifest | undefined {
  const o = json as { manifest?: EvalManifest; format?: string } | null;
  if (o && typeof o === 'object') {
    if (o.format === EVAL_MANIFEST_FORMAT) return o as EvalManifest;
    if (o.manifest && typeof o.manifest === 'object' && o.manifest.format === EVAL_MANIFEST_FORMAT) return o.manifest;
  }
  return undefined;
}

/** Where a result file's manifest goes: `<name>.manifest.json` beside it (`touchstone eval --csv`, the view's CSV and table exports). */
export const manifestFileOf = (file: string): string => file.replace(/\.(csv|md|tex)$/i, '') + '.manifest.json';
