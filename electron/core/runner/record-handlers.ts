import { dirname, join, posix } from 'node:path';
import type { RecordScreen, RunCallsLive } from '../../../shared/contract/run';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import { ConfinedFiles } from '../../platform/confined-read';
import { adbShell } from '../capture/device-shell';
import type { DeviceServices } from '../devices/device-services';
import { readTaskIndex } from '../datasets/write-dataset';
import { descriptionProblem, type RecordedScreen } from '../recorder/record-episode';
import { RecordSessions, type RecordSession } from './record-sessions';
import { taskReset, type ResetSpec } from './run-tasks';

const NAME = /^[\w.-]+$/;

/** Recording a demonstration from the run view: named first, one input at a time (undoable), saved into the open dataset or discarded. */
export function recordHandlers(ctx: AppContext, devices: DeviceServices): Pick<RunCallsLive, 'run:recordStart' | 'run:recordAct' | 'run:recordSave' | 'run:recordUndo' | 'run:recordDiscard'> {
  const sessions = new RecordSessions();
  const screenOf = (s: RecordSession, r: RecordedScreen): RecordScreen => ({
    sessionId: s.id, step: r.step, activity: r.activity, components: r.components.length,
    url: ctx.options.fileUrl(s.datasetId, posix.join(s.recorder.relPath, `${r.step}.png`)),
  });
  const session = (id: string): RecordSession => {
    const s = sessions.get(id);
    if (!s) throw new AppError('not-found', 'No such recording (it was saved or discarded, or the core restarted); start a new one.');
    return s;
  };
  const failed = (err: unknown): AppError => err instanceof AppError ? err : new AppError('unavailable', (err as Error).message, { cause: err });
  const bad = (message: string): AppError => new AppError('bad-request', `run:recordStart: ${message}`);
  return {
    'run:recordStart': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const description = args.description.trim();
      const episode = args.episode.trim();
      const app = args.app.trim();
      const category = args.category?.trim() || 'general';
      // Named before anything is recorded: an id and app written into the index cannot be fixed afterwards without editing it by hand.
      if (!episode) throw bad('Name the task first: its id (e.g. settings_wifi_off) names the episode folder and the index row.');
      if (!description) throw bad('Describe the task first: the instruction is saved with the demonstration.');
      if (!app) throw bad('Name the app the task uses (e.g. com.android.settings): it is the index row\'s app column.');
      const problem = descriptionProblem(description) ?? descriptionProblem(app);
      if (problem) throw bad(problem);
      if (!NAME.test(episode) || !NAME.test(category)) throw bad('The task id and folder may use letters, digits, "_", "." and "-" only.');
      const { abs } = ctx.datasets.confine(ds, `${category}/trace_${episode}`);
      const files = ConfinedFiles.of(undefined, ds.root);
      const existsSync = (p: string): boolean => files.exists(p);
      if (existsSync(abs)) throw bad(`${category}/trace_${episode} already exists in the dataset; choose another task id or folder.`);
      const index = existsSync(join(ds.root, 'llamatouch_task_metadata.tsv')) ? await readTaskIndex(ds.root) : null;
      if (index?.ok && index.value.rows.some((r) => r.episode === episode)) throw bad(`The dataset already has a task "${episode}" (llamatouch_task_metadata.tsv); choose another task id.`);
      const created = [abs];
      for (let d = dirname(abs); d.startsWith(ds.root) && d !== ds.root && !existsSync(d); d = dirname(d)) created.push(d);
      try {
        // HOME is the empty reset (as the run's `home` method); `reset` is the one a run of this task would do.
        const reset: ResetSpec | undefined = args.startFrom === 'home' ? {} : args.startFrom === 'reset' ? await taskReset(ds.root, episode, app) : undefined;
        const s = await sessions.start(ds.id, adbShell(devices.manager().client, args.device), { root: ds.root, episode, category, description, app }, created, reset);
        return screenOf(s, s.last);
      } catch (err) { throw failed(err); }
    },
    'run:recordAct': async (args) => {
      const s = session(args.sessionId);
      try { return screenOf(s, await sessions.act(s, args.input)); } catch (err) { throw failed(err); }
    },
    'run:recordUndo': async (args) => {
      const s = session(args.sessionId);
      try {
        const u = await sessions.undo(s);
        return { ...screenOf(s, u.screen), pressedBack: u.pressedBack, restored: u.restored, replayed: u.replayed };
      } catch (err) { throw failed(err); }
    },
    'run:recordSave': async (args) => {
      const s = session(args.sessionId);
      const steps = s.recorder.steps;
      try { return { path: await sessions.save(s), steps }; } catch (err) { throw failed(err); }
    },
    'run:recordDiscard': async (args) => {
      const s = session(args.sessionId);
      try { await sessions.discard(s); return true; } catch (err) { throw failed(err); }
    },
  };
}
