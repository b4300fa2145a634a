import type { MemFs } from '../mem-fs';
import type { LogBuffer, LogPriority } from '../logcat';
import type { DisplayState } from '../display';
import type { InputEvent, World } from '../world/types';

/** What the shell's commands may use of the device. */
export interface ShellHost {
  fs: MemFs;
  props: Map<string, string>;
  /** `namespace:key` -> value */
  settings: Map<string, string>;
  world(): World;
  now(): Date;
  log(priority: LogPriority, tag: string, message: string): void;
  logs: LogBuffer;
  /** Rotation and `wm size`: what the screenshot, the dump and the geometry reports follow. */
  display: DisplayState;
  screenPng(): Promise<Buffer>;
  /** `screencap` without -p: header + RGBA pixels. */
  screenRaw(): Promise<Buffer>;
  /** The hierarchy, or Android's error text when the screen is not idle (fault injection). */
  dumpXml(): Promise<{ ok: true; xml: string } | { ok: false; error: string }>;
  inject(ev: InputEvent): Promise<void>;
}

export interface CommandIO {
  /** argv; args[0] is the command name as typed. */
  args: string[];
  env: Map<string, string>;
  /** Reads stdin to its end (only commands that need stdin call this). */
  stdin(): Promise<Buffer>;
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
  host: ShellHost;
  /** True once the client hung up (commands that follow output, like `logcat`, stop then). */
  hungUp?(): boolean;
  /** Runs a nested command line (`sh -c`). */
  run(line: string, io: Pick<CommandIO, 'stdin' | 'out' | 'err'>): Promise<number>;
}

export type CommandFn = (io: CommandIO) => Promise<number> | number;
