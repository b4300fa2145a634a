/**
 * `fetch` for model endpoints (judges, the LLM agent): the whole exchange, body included, ends within a
 * deadline, the answer is capped in size, and what comes back is scrubbed of the keys sent. The openai
 * library's own timeout stops at the response headers, so an endpoint that trickled its body or streamed
 * server-sent events forever held a run for good, and one that sent 200 MB took ~2 GB of memory.
 */
import { scrubDeep, scrubSecrets } from './scrub-secrets';

/** Largest answer read from a model endpoint (a chat completion is a few KiB; vision answers as well). */
export const MAX_MODEL_ANSWER_BYTES = 8 << 20;

export interface AnswerLimits {
  /** Milliseconds for the whole request: connecting, headers and the complete body. */
  deadlineMs: number;
  /** Bytes of body at most (default MAX_MODEL_ANSWER_BYTES). */
  maxBytes?: number;
  /** Keys sent with the request: scrubbed from the answer before anyone reads it. */
  secrets: readonly (string | undefined)[];
}

/** An answer over a limit: too slow or too large. Not worth retrying: the same endpoint does it again. */
export class AnswerLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerLimitError';
  }
}

const mib = (n: number): string => `${Math.round((n / 2 ** 20) * 10) / 10} MiB`;

/** Reads the body whole under the cap; rejects when the cap is passed or the request is aborted. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, stop: (why: Error) => void): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      const err = new AnswerLimitError(`the answer is over ${mib(maxBytes)} (a chat completion is a few KiB); the endpoint sent too much`);
      stop(err);
      await reader.cancel(err).catch(() => undefined);
      throw err;
    }
    chunks.push(value);
  }
}

/** The answer's text with the secrets scrubbed; JSON is scrubbed value by value (escaped forms included). */
function scrubbedBody(text: string, secrets: readonly (string | undefined)[]): string {
  try {
    return JSON.stringify(scrubDeep(JSON.parse(text), secrets));
  } catch {
    return scrubSecrets(text, secrets);
  }
}

/** Statuses whose Response may carry no body at all. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch with the limits; give it to the openai client (`fetch` option). It resolves at the headers, as
 * fetch does, and the body it hands on is read (capped, scrubbed) under the same deadline: a body that is
 * too slow or too large fails the reading of the answer, which the client does not retry (the same endpoint
 * would do it again), while a stall before the headers stays a connection failure the client may retry.
 */
export function boundedFetch(limits: AnswerLimits, base: typeof fetch = fetch): typeof fetch {
  const maxBytes = limits.maxBytes ?? MAX_MODEL_ANSWER_BYTES;
  return async (input, init) => {
    const ctrl = new AbortController();
    const outer = init?.signal;
    const follow = (): void => ctrl.abort(outer?.reason);
    if (outer?.aborted) follow();
    else outer?.addEventListener('abort', follow, { once: true });
    const late = new AnswerLimitError(`no complete answer within ${limits.deadlineMs / 1000} s (the endpoint is stalled, or trickles or streams its answer without end)`);
    const timer = setTimeout(() => ctrl.abort(late), limits.deadlineMs);
    const done = (): void => { clearTimeout(timer); outer?.removeEventListener('abort', follow); };
    let res: Response;
    try {
      res = await base(input, { ...init, signal: ctrl.signal });
    } catch (err) {
      done();
      throw ctrl.signal.reason === late ? late : err;
    }
    const headers = new Headers(res.headers);
    // The body is decoded and re-encoded here: its length and encoding headers no longer apply.
    headers.delete('content-length');
    headers.delete('content-encoding');
    if (NO_BODY.has(res.status) || !res.body) {
      done();
      return new Response(null, { status: res.status, statusText: res.statusText, headers });
    }
    const declared = Number(res.headers.get('content-length'));
    const source = res.body;
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        try {
          if (declared > maxBytes) throw new AnswerLimitError(`the answer is over ${mib(maxBytes)} (${declared} bytes declared); the endpoint sent too much`);
          const raw = await readCapped(source, maxBytes, (why) => ctrl.abort(why));
          c.enqueue(new TextEncoder().encode(scrubbedBody(raw.toString('utf8'), limits.secrets)));
          c.close();
        } catch (err) {
          ctrl.abort(err);
          c.error(ctrl.signal.reason === late ? late : err);
        } finally {
          done();
        }
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
