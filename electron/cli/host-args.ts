/** The episode host `touchstone agent-api`, `touchstone mcp` and `serve --agent-dataset` run (their options: host-options.ts). */
import { resolve } from 'node:path';
import { adbShell } from '../core/capture/device-shell';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { DEFAULT_EMBEDDER_SPEC, type EmbedderSpec } from '../core/evaluation/embedding-provider';
import { EpisodeHost } from '../core/runner/episode-host';
import type { EpisodeLimits } from '../core/runner/run-episode';
import { loadRunTasks } from '../core/runner/run-tasks';
import { RUN_DEFAULTS } from '../core/runner/start-run';

/** What an episode host serves: the tasks of a dataset on devices. */
export interface HostSettings {
  dataset: string;
  /** Serials, or all usable devices. */
  devices: string[] | 'all';
  /** Episode ids agents may start (default all). */
  tasks?: string[] | 'all';
  /** Traces go to out/<agent>/r<n>/<episode>/ (default RUN_DEFAULTS.out). */
  out?: string;
  limits?: Partial<EpisodeLimits>;
  evaluate?: boolean;
  embedder?: EmbedderSpec;
  adbServer?: string;
}

/** Loads the tasks and picks the devices; throws with what is wrong. */
export async function openEpisodeHost(s: HostSettings): Promise<EpisodeHost> {
  const tasks = await loadRunTasks(resolve(s.dataset), s.tasks ?? 'all');
  const mgr = new DeviceManager(resolveAdbServer(s.adbServer));
  const devices = await mgr.pick(s.devices);
  return new EpisodeHost({
    tasks, devices, shellFor: (serial) => adbShell(mgr.client, serial), out: resolve(s.out ?? RUN_DEFAULTS.out),
    limits: s.limits ?? {}, evaluate: s.evaluate !== false, embedder: s.embedder ?? DEFAULT_EMBEDDER_SPEC,
  });
}
