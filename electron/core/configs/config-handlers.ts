/** The run domain's device-configuration calls, and the hook `run:start` uses to apply a choice of configurations. */
import { isAbsolute, relative } from 'node:path';
import type { DatasetOverview } from '../../../shared/contract';
import type { RunCalls, RunConfigChoice, RunConfigReport } from '../../../shared/contract/run';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import type { EpisodeRecord } from '../runner/episode-record';
import type { DeviceConfig } from './config-types';
import { configsReply, listConfigFiles, readChoice, writeBreakdown } from './run-choice';

type ConfigCalls = Pick<RunCalls, 'run:configFiles' | 'run:configs' | 'run:configReport'>;

/** Reads a choice of a dataset's configuration file; bad files and choices are `bad-request`s with the core's messages. */
async function read(ctx: AppContext, ds: DatasetOverview, choice: RunConfigChoice) {
  let abs: string;
  try { abs = isAbsolute(choice.file) ? ctx.guard.resolve(choice.file) : ctx.datasets.confine(ds, choice.file).abs; } catch (err) {
    throw new AppError('refused', `${choice.file}: a configuration file must be in the dataset folder ${ds.root} or inside a folder opened here (${(err as Error).message})`, { cause: err });
  }
  try { return await readChoice(abs, choice); } catch (err) { throw new AppError('bad-request', (err as Error).message, { cause: err }); }
}

export function configHandlers(ctx: AppContext, reports: Map<string, RunConfigReport>): ConfigCalls {
  return {
    'run:configFiles': async (args) => listConfigFiles(ctx.datasets.get(args.datasetId).root),
    'run:configs': async (args) => {
      const { file, chosen } = await read(ctx, ctx.datasets.get(args.datasetId), args.choice);
      return configsReply(file, chosen);
    },
    'run:configReport': async (args) => reports.get(args.jobId) ?? null,
  };
}

/** `run:start`'s configurations (none without a choice), and the report it writes when the run ends. */
export async function runConfigs(ctx: AppContext, ds: DatasetOverview, choice: RunConfigChoice | undefined, reports?: Map<string, RunConfigReport>): Promise<{
  chosen?: DeviceConfig[];
  report(jobId: string, out: string, records: EpisodeRecord[]): Promise<RunConfigReport | undefined>;
}> {
  if (!choice) return { report: async () => undefined };
  const { chosen } = await read(ctx, ds, choice);
  return {
    chosen,
    report: async (jobId, out, records) => {
      const { md, report } = await writeBreakdown(out, records);
      const r: RunConfigReport = {
        md, mdPath: relative(ds.root, `${out}/config-report.md`), jsonPath: relative(ds.root, `${out}/config-report.json`),
        configs: report.configs, notRestored: report.notRestored,
      };
      reports?.set(jobId, r);
      return r;
    },
  };
}
