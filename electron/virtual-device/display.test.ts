import { describe, it, expect } from 'vitest';
import { VirtualDevice } from './device';
import { DemoWorld } from './world/demo/demo-world';

const dims = (png: Buffer): [number, number] => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('display transform and the screenshot cache', () => {
  it('a render that finishes after the next wm size / rotation change is cached under the geometry it was asked for', async () => {
    const dev = new VirtualDevice({ world: new DemoWorld() });
    // the command runs, then the render it started gets going (setImmediate), then the next command comes
    const run = async (line: string): Promise<void> => { await dev.exec(line); await new Promise((r) => setImmediate(r)); };
    // each command starts rendering its screen; the next command changes the geometry before that render is done
    await run('wm size 720x1600');
    await run('wm size reset');
    await run('settings put system user_rotation 1');
    await run('settings put system user_rotation 0');
    expect(dims(await dev.screenPng())).toEqual([1080, 2400]);
    await run('wm size 720x1600');
    expect(dims(await dev.screenPng())).toEqual([720, 1600]);
    await run('wm size reset; settings put system user_rotation 1');
    expect(dims(await dev.screenPng())).toEqual([2400, 1080]);
    await run('settings put system user_rotation 0');
    expect(dims(await dev.screenPng())).toEqual([1080, 2400]);
  });
});
