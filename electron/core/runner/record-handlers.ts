import { posix } from 'node:path';
import type { RecordScreen, RunCallsLive } from '../../../shared/contract/run';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import { adbShell } from '../capture/device-shell';
import type { DeviceServices } from '../devices/device-services';
import { descriptionProblem, type RecordedScreen } from '../recorder/record-episode';
import { RecordSessions, type RecordSession } from './record-sessions';

/** Recording a demonstration from the run view: start on a device, one input at a time, save into the open dataset. */
export function recordHandlers(ctx: AppContext, devices: DeviceServices): Pick<RunCallsLive, 'run:recordStart' | 'run:recordAct' | 'run:recordSave'> {
  const sessions = new RecordSessions();
  const screenOf = (s: RecordSession, r: RecordedScreen): RecordScreen => ({
    sessionId: s.id, step: r.step, activity: r.activity, components: r.components.length,
    url: ctx.options.fileUrl(s.datasetId, posix.join(s.recorder.relPath, `${r.step}.png`)),
  });
  const session = (id: string): RecordSession => {
    const s = sessions.get(id);
    if (!s) throw new AppError('not-found', 'No such recording (it was saved, or the core restarted); start a new one.');
    return s;
  };
  const failed = (err: unknown): AppError => err instanceof AppError ? err : new AppError('unavailable', (err as Error).message, { cause: err });
  return {
    'run:recordStart': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const description = args.description.trim();
      if (!description) throw new AppError('bad-request', 'Describe the task first: the instruction is saved with the demonstration.');
      const problem = descriptionProblem(description);
      if (problem) throw new AppError('bad-request', problem);
      const category = args.category?.trim() || 'general';
      const episode = args.episode?.trim() || `rec${Date.now()}`;
      if (!/^[\w.-]+$/.test(episode) || !/^[\w.-]+$/.test(category)) throw new AppError('bad-request', 'The episode id and category may use letters, digits, "_", "." and "-" only.');
      ctx.datasets.confine(ds, `${category}/trace_${episode}`);
      try {
        const s = await sessions.start(ds.id, adbShell(devices.manager().client, args.device), { root: ds.root, episode, category, description, app: '' });
        return screenOf(s, s.last);
      } catch (err) { throw failed(err); }
    },
    'run:recordAct': async (args) => {
      const s = session(args.sessionId);
      try { return screenOf(s, await sessions.act(s, args.input)); } catch (err) { throw failed(err); }
    },
    'run:recordSave': async (args) => {
      const s = session(args.sessionId);
      const steps = s.recorder.steps;
      try { return { path: await sessions.save(s), steps }; } catch (err) { throw failed(err); }
    },
  };
}
