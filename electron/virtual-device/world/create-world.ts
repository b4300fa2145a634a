import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DemoWorld } from './demo/demo-world';
import { ReplayWorld } from './replay/replay-world';
import type { World } from './types';

/** `demo` -> the demo phone; a folder -> a replay of that recorded episode or trace. */
export function createWorld(spec: string): World {
  if (spec === 'demo') return new DemoWorld();
  const dir = resolve(spec);
  if (!existsSync(dir)) throw new Error(`--world ${spec}: no such folder; use 'demo' or a LlamaTouch episode / execution-trace folder`);
  return ReplayWorld.fromDir(dir);
}
