/**
 * A process that writes through one of the core's writers in a loop, so the
 * kill tests can SIGKILL it at any moment: `writer-child.ts <kind> <dir> [once]`.
 * Prints "ready" after its first complete write.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RecentStore } from '../kernel/recent-store';
import { writeEss, writeHumanLabelsFile } from '../core/datasets/write-dataset';
import { writeExecutionTraceStep } from '../core/datasets/execution-trace';
import { parseEss } from '../../shared/formats/ess';

const [kind, dir, once] = process.argv.slice(2);
let i = 0;
// Contents grow with i, so a torn write would show as a parse error or a short file.
const pad = (n: number): string => 'x'.repeat(1000 + (n % 7) * 20_000);

async function writeOnce(): Promise<void> {
  i++;
  if (kind === 'recent') {
    await new RecentStore(dir).add(join('/data', `ds-${i}-${pad(i).slice(0, 200)}`));
  } else if (kind === 'ess') {
    const items = Array.from({ length: 1 + (i % 50) }, (_, k) => `exact<${k}>`).join('|');
    const r = parseEss(items, '0.ess');
    if (!r.ok) throw new Error('bad ess');
    await writeEss(dir, 'ep', 0, r.value);
  } else if (kind === 'trace') {
    await writeExecutionTraceStep(dir, 0, { xml: `<hierarchy rotation="0"><!-- ${pad(i)} --></hierarchy>`, activity: `a/.B${i}`, vh: JSON.stringify([{ text: pad(i) }]) });
  } else if (kind === 'labels') {
    await writeHumanLabelsFile(join(dir, 'labels.csv'), Array.from({ length: 1 + (i % 400) }, (_, k) => ({ episode: `e${k}`, completed: k % 2 === 0 })));
  } else throw new Error(`unknown writer ${kind}`);
}

mkdirSync(join(dir, 'ep'), { recursive: true });
await writeOnce();
console.log('ready');
if (!once) for (;;) await writeOnce();
