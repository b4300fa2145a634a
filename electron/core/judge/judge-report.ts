import type { JudgeSummary } from './judge-types';

const usd = (v: number | undefined): string => (v === undefined ? 'unknown (pass --judge-price)' : `$${v.toFixed(4)}`);

/** The judge's lines under the summary table: models, requests, tokens, cost, the queue, agreement with humans. */
export function judgeSummaryText(j: JudgeSummary): string {
  const u = j.usage;
  const out = [
    `judge: ${j.models.join(' + ')} (${j.input}, frames ${j.frames}${j.models.length > 1 ? ', cross-validated' : ''}); prompt ${j.promptFile}`,
    `judge: ${u.requests} request(s), ${u.cached} answer(s) from the cache (${j.cacheDir}), ${u.failed} failed; tokens ${u.tokens.prompt} in / ${u.tokens.completion} out; cost ${usd(u.costUsd)}${u.cached ? `; the cache saved ${u.cachedTokens.prompt + u.cachedTokens.completion} tokens (${usd(u.savedUsd)})` : ''}`,
  ];
  for (const a of j.agreement) out.push(`judge: ${a.judge} agrees with the human labels on ${a.agree}/${a.labelled} episodes${a.accuracy === undefined ? '' : ` (${(a.accuracy * 100).toFixed(1)}%)`}${a.undecided ? `; ${a.undecided} labelled episode(s) undecided` : ''}`);
  out.push(`needs a human: ${j.queue.length} episode(s)`);
  for (const q of j.queue.slice(0, 10)) out.push(`  ${q.episode} [${q.method}] ${q.why}`);
  if (j.queue.length > 10) out.push(`  ... and ${j.queue.length - 10} more (the JSON report and --human-queue list them all)`);
  return out.join('\n');
}

/** The needs-a-human queue as CSV (episode, method, each verdict, the human label when known, why). */
export function humanQueueCsv(j: JudgeSummary): string {
  const cell = (v: unknown): string => { const s = v === undefined || v === null ? '' : String(v); return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s; };
  const lines = j.queue.map((q) => [q.episode, q.method, Object.entries(q.verdicts).map(([k, v]) => `${k}=${v === null ? '?' : v ? 1 : 0}`).join(' '), q.human === undefined ? '' : q.human ? 1 : 0, q.why].map(cell).join(','));
  return ['episode,method,verdicts,human,why', ...lines].join('\n') + '\n';
}
