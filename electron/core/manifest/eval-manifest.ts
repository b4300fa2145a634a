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

/**
 * The manifest of one `runEvaluation` (see shared/evaluation/manifest.ts): content hashes of each
 * evaluated episode's annotation and recording and of its trace folder (through the same confined
 * content hasher the evaluation view uses), the model and prompt behind fuzzy and judge verdicts,
 * and the run's verdicts. The API key and the judge's cache folder are never recorded.
 */
export async function evalManifest(o: RunOptions, report: RunReport, labels?: LabelSource): Promise<EvalManifest> {
  const ds = await openDataset(o.datasetRoot);
  const folders = new Map(ds.episodes.map((e) => [e.id, e.path]));
  const hasher = new ContentHasher(new Map(), { roots: [ds.root, o.tracesRoot, ...(o.roots ?? [])], followLinks: o.followLinks === true });
  const episodes: Record<string, ManifestEpisode> = {};
  for (const x of report.outcomes) {
    const folder = folders.get(x.episode) ?? x.episode;
    const dir = path.join(ds.root, folder);
    episodes[x.episode] = {
      folder,
      annotation: hasher.folder(dir, isAnnotationFile),
      recording: hasher.folder(dir, (f) => !isAnnotationFile(f)),
      traceDir: path.relative(o.tracesRoot, x.traceDir) || '.',
      trace: hasher.folder(x.traceDir),
    };
  }
  const ids = Object.keys(episodes);
  return {
    format: EVAL_MANIFEST_FORMAT,
    tool: { name: 'touchstone', version: toolVersion() },
    createdAt: new Date().toISOString(),
    dataset: { root: path.resolve(o.datasetRoot), annotationsHash: sha1(ids.map((id) => `${id}\0${episodes[id]!.annotation}`)) },
    traces: { root: path.resolve(o.tracesRoot), hash: sha1(ids.map((id) => `${id}\0${episodes[id]!.trace}`)) },
    episodes,
    ...(labels ? { humanLabels: { file: path.resolve(labels.file), hash: fileHash(labels.file), count: labels.labels.size } } : {}),
    settings: await verdictSettings(o, report),
    results: verdictsOf(report.rows, report.methods),
  };
}

async function verdictSettings(o: RunOptions, report: RunReport): Promise<VerdictSettings> {
  const spec = o.embedder ?? DEFAULT_EMBEDDER_SPEC;
  const identity = new LazyEmbedder(spec).identity();
  const s: VerdictSettings = {
    methods: report.methods, mode: report.mode, final: report.final,
    ...(o.shard ? { shard: o.shard } : {}),
    ...(o.fuzzyThreshold !== undefined ? { fuzzyThreshold: o.fuzzyThreshold } : {}),
    ...(o.screenThreshold !== undefined ? { screenThreshold: o.screenThreshold } : {}),
    ...(o.followLinks ? { followLinks: true } : {}),
    ...(o.countInterrupted ? { countInterrupted: true } : {}),
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
