// Test support only: builds throwaway datasets in temp folders (plain writes are fine there).

import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Builds a small LlamaTouch dataset in a temp folder from copies of the real
 * trace_18 episode (for tests): `general/trace_<n>` for each name given, and
 * an index listing them. Returns the root.
 */
export async function buildDatasetFromTrace18(traceDir: string, episodes: number[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'touchstone-dataset-'));
  const rows = ['episode\tcategory\tpath\tdescription\tnsteps\tapp'];
  for (const n of episodes) {
    const dir = join(root, 'general', `trace_${n}`);
    await mkdir(dir, { recursive: true });
    await cp(traceDir, dir, { recursive: true });
    await writeFile(join(dir, 'instruction.txt'), `${1000 + n}\nPractice pronunciation in French in Duolingo.`);
    rows.push(`${1000 + n}\tgeneral\tgeneral/trace_${n}\tPractice pronunciation in French in Duolingo.\t5\tDuolingo`);
  }
  await writeFile(join(root, 'llamatouch_task_metadata.tsv'), rows.join('\n') + '\n');
  return root;
}
