/**
 * Loaded into a CLI process under test (`node --import …/exit-usage.ts`): at exit it writes the process's
 * own peak resident memory and CPU time to TOUCHSTONE_TEST_USAGE as JSON `{ maxRssBytes, cpuMs }`, figures
 * a parent cannot read once the child is gone. Test-only: nothing in the product loads it.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.TOUCHSTONE_TEST_USAGE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRssBytes: u.maxRSS * 1024, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));
  });
}
