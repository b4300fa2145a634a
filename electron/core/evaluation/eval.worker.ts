// Worker-thread entry: evaluates jobs sent by EvalPool; embeddings are fetched from the main thread.
import { parentPort } from 'node:worker_threads';
import { EpisodeEvaluator, type EvalJob, type EvalSettings } from './episode-evaluator';
import { RemoteEmbedding } from './embedding-provider';
import { ResultCache } from './result-cache';
import type { FromWorker, ToWorker } from './pool-messages';

const port = parentPort;
if (!port) throw new Error('eval.worker.ts must run in a worker thread.');

let evaluator: EpisodeEvaluator | undefined;
let cache: ResultCache | undefined;
let nextReq = 0;
const pending = new Map<number, { resolve(v: { vectors: Float32Array[]; threshold: number; id: string }): void; reject(e: Error): void }>();
let remote: RemoteEmbedding | undefined;
const fetchVectors = (texts: string[]): Promise<{ vectors: Float32Array[]; threshold: number; id: string }> => new Promise((resolve, reject) => {
  const reqId = nextReq++;
  pending.set(reqId, { resolve, reject });
  send({ type: 'embed', reqId, texts });
});

function send(m: FromWorker): void {
  port!.postMessage(m);
}

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'init':
      remote = new RemoteEmbedding(fetchVectors, m.embedder);
      // The pool answers stored results and stores new ones; the worker fingerprints what it evaluates
      // (just before reading its files), so a file changed meanwhile makes the entry a miss.
      cache = m.cache ? new ResultCache(m.cache.dir, m.settings as EvalSettings, m.cache.embedder) : undefined;
      evaluator = new EpisodeEvaluator(m.settings as EvalSettings, m.embeddings ? remote : undefined);
      break;
    case 'job': {
      const fp = cache?.fingerprint(m.job as EvalJob);
      evaluator!.evaluate(m.job as EvalJob).then(
        (outcome) => send({ type: 'result', id: m.id, outcome, textsSeen: remote?.textsSeen ?? 0, fp }),
        (err: unknown) => send({ type: 'failed', id: m.id, message: (err as Error).message ?? String(err) }),
      );
      break;
    }
    case 'stop':
      port.close(); // let the thread end on its own so native resources are released cleanly
      break;
    case 'embedded': {
      const p = pending.get(m.reqId);
      pending.delete(m.reqId);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve({ vectors: m.vectors!, threshold: m.threshold!, id: m.id! });
      break;
    }
  }
});
