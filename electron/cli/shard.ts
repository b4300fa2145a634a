/**
 * `--shard k/n` of `touchstone run` and `touchstone eval`, one convention for both: shards count
 * from 1, and shard k of n takes the items at positions k-1, k-1+n, k-1+2n, ... of the full list
 * (so a Kubernetes Indexed Job passes JOB_COMPLETION_INDEX + 1). The n shards partition the list.
 */
export interface Shard { index: number; count: number }

/** Parses `k/n` with 1 <= k <= n; the error says what to write instead. */
export function parseShard(s: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(s);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m && count >= 1 && index === 0) {
    throw new Error(`--shard counts from 1: "${s}" names no shard. Use 1/${count} for the first shard and ${count}/${count} for the last (add 1 to a 0-based index such as JOB_COMPLETION_INDEX).`);
  }
  if (!m || count < 1 || index > count || !Number.isSafeInteger(count)) {
    throw new Error(`--shard must be k/n with 1 <= k <= n (shards count from 1; e.g. 1/4 ... 4/4); got "${s}".`);
  }
  return { index, count };
}

/** Whether the item at `position` (0-based) of the full list belongs to `shard`. */
export function inShard(position: number, shard: Shard): boolean {
  return position % shard.count === shard.index - 1;
}
