import { createHash } from 'node:crypto';
import path from 'node:path';
import { EVAL_MANIFEST_FORMAT, verdictsOf, type EvalManifest, type ManifestEpisode, type VerdictSettings } from '../../../shared/evaluation/manifest';
import { openDataset } from '../datasets/open-dataset';
import { ContentHasher } from '../evaluation/content-hash';
import { defaultAppPackagesFile } from '../evaluation/app-table';
import { LazyEmbedder, DEFAULT_EMBEDDER_SPEC } from '../evaluation/embedding-provider';
import type { RunOptions, RunReport } from '../evaluation/run-evaluation';
import { toolVersion } from './tool-version';
import { isAnnotationFile } from './annotation-files';
import { useLiteModelDir } from '../models/use-lite-dir';


/** Content hash of a file outside the evaluated folders (labels, app table, prompt, checkpoints), read confined to its own folder. */
const fileHash = (file: string): string => new ContentHasher(new Map(), { roots: [path.dirname(path.resolve(file))] }).file(path.resolve(file));

const sha1 = (parts: readonly string[]): string => {
  const h = createHash('sha1');
  for (const p of parts) h.update(`${p}\n`);
  return h.digest('hex');
};

/** Where a run's labels came from, for the manifest (the file and its content). */
export interface LabelSource { file: string; labels: ReadonlyMap<string, boolean> }

/** What a manifest is made from, whoever evaluated: the folders, each evaluated episode's trace folder, the settings and the verdicts. */
export interface ManifestInputs {
  datasetRoot: string;
  tracesRoot: string;
  /** Folders links may lead into (as the evaluation read them). */
  roots?: readonly string[];
  followLinks?: boolean;
  /** Each evaluated episode and the trace folder it was judged on, in the evaluation's order. */
  traces: readonly { episode: string; traceDir: string }[];
  settings: VerdictSettings;
  results: EvalManifest['results'];
  labels?: LabelSource;
}

/**
 * The manifest of one evaluation (see shared/evaluation/manifest.ts): content hashes of each
 * evaluated episode's annotation and recording and of its trace folder (through the same confined
 * content hasher the evaluation view uses), the settings and the verdicts. The CLI's `runEvaluation`
 * and the evaluation view's sessions both come here, so their manifests are the same object.
 */
export async function buildManifest(i: ManifestInputs): Promise<EvalManifest> {
  const ds = await openDataset(i.datasetRoot);
  const folders = new Map(ds.episodes.map((e) => [e.id, e.path]));
  const hasher = new ContentHasher(new Map(), { roots: [ds.root, i.tracesRoot, ...(i.roots ?? [])], followLinks: i.followLinks === true });
  const episodes: Record<string, ManifestEpisode> = {};
  for (const x of i.traces) {
    const folder = folders.get(x.episode) ?? x.episode;
    const dir = path.join(ds.root, folder);
    episodes[x.episode] = {
      folder,
      annotation: hasher.folder(dir, isAnnotationFile),
      recording: hasher.folder(dir, (f) => !isAnnotationFile(f)),
      traceDir: path.relative(i.tracesRoot, x.traceDir) || '.',
      trace: hasher.folder(x.traceDir),
    };
  }
  const ids = Object.keys(episodes);
  return {
    format: EVAL_MANIFEST_FORMAT,
    tool: { name: 'touchstone', version: toolVersion() },
    createdAt: new Date().toISOString(),
    dataset: { root: path.resolve(i.datasetRoot), annotationsHash: sha1(ids.map((id) => `${id}\0${episodes[id]!.annotation}`)) },
    traces: { root: path.resolve(i.tracesRoot), hash: sha1(ids.map((id) => `${id}\0${episodes[id]!.trace}`)) },
    episodes,
    ...(i.labels ? { humanLabels: { file: path.resolve(i.labels.file), hash: fileHash(i.labels.file), count: i.labels.labels.size } } : {}),
    settings: i.settings,
    results: i.results,
  };
}

/** The manifest of one `runEvaluation`. The API key and the judge's cache folder are never recorded. */
export async function evalManifest(o: RunOptions, report: RunReport, labels?: LabelSource): Promise<EvalManifest> {
  return buildManifest({
    datasetRoot: o.datasetRoot, tracesRoot: o.tracesRoot, roots: o.roots, followLinks: o.followLinks, traces: report.outcomes,
    settings: await verdictSettings(o, report), results: verdictsOf(report.rows, report.methods), ...(labels ? { labels } : {}),
  });
}

/** Every setting that changes a verdict, of run options and what the run used (methods, mode, final). */
export async function verdictSettings(o: Omit<RunOptions, 'tracesRoot' | 'methods' | 'mode' | 'jobs'>, report: Pick<RunReport, 'methods' | 'mode' | 'final'>): Promise<VerdictSettings> {
  const spec = o.embedder ?? DEFAULT_EMBEDDER_SPEC;
  const identity = new LazyEmbedder(spec).identity();
  const s: VerdictSettings = {
    methods: report.methods, mode: report.mode, final: report.final,
    ...(o.shard ? { shard: o.shard } : {}),
    ...(o.fuzzyThreshold !== undefined ? { fuzzyThreshold: o.fuzzyThreshold } : {}),
    ...(o.screenThreshold !== undefined ? { screenThreshold: o.screenThreshold } : {}),
    ...(o.followLinks ? { followLinks: true } : {}),
    ...(o.countInterrupted ? { countInterrupted: true } : {}),
    ...(o.persist ? { persist: o.persist } : {}),
    embedder: { spec, ...(identity ? { id: identity.id, threshold: identity.threshold, modelHash: await modelHash(spec) } : {}) },
    appTableHash: fileHash(o.appPackagesFile ?? defaultAppPackagesFile()),
  };
  if (report.methods.includes('checkpoints')) s.checkpoints = o.checkpointsFile ? { file: path.resolve(o.checkpointsFile), hash: fileHash(o.checkpointsFile) } : {};
  if (o.judge) {
    s.judge = {
      models: o.judge.models, input: o.judge.input, frames: o.judge.frames, promptHash: fileHash(o.judge.promptFile),
      // The endpoint without credentials or query (a key may sit in either).
      endpoint: endpointName(o.judge.endpoint.baseURL),
    };
  }
  return s;
}

/** Content hash of the embedder's weights: the shipped USE-lite package folder, or the ONNX model folder. */
async function modelHash(spec: string): Promise<string> {
  if (spec === 'none') return '';
  if (spec === 'default') {
    const dir = useLiteModelDir();
    return new ContentHasher(new Map(), { roots: [dir] }).folder(dir);
  }
  const dir = path.resolve(spec.slice('onnx:'.length));
  return new ContentHasher(new Map(), { roots: [dir] }).folder(dir);
}

function endpointName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}
