import { describe, it, expect } from 'vitest';
import type { DeviceShell } from '../capture/device-shell';
import { performAction } from '../capture/perform-action';

/** A shell that records the commands it is given and answers with `reply`. */
function recording(reply = ''): DeviceShell & { seen: string[] } {
  const seen: string[] = [];
  return { serial: 'test-1', seen, run: async (c) => { seen.push(c); return Buffer.from(reply); }, screencap: async () => Buffer.alloc(0) };
}

describe('the runner executes API actions: whitelisted only, arguments quoted, device errors surfaced', () => {
  it('runs an intent with every argument quoted for the device shell', async () => {
    const sh = recording('Starting: Intent { act=android.intent.action.VIEW dat=https://x.test/a b }\n');
    await performAction(sh, { kind: 'api', command: `adb shell am start -a android.intent.action.VIEW -d 'https://x.test/a b'` });
    expect(sh.seen).toEqual([`am start -a android.intent.action.VIEW -d 'https://x.test/a b' 2>&1`]);
  });

  it('refuses a command off the whitelist before anything reaches the device, whoever produced the action', async () => {
    const sh = recording();
    await expect(performAction(sh, { kind: 'api', command: 'adb shell reboot' })).rejects.toThrow(/API action refused: `reboot` is not an allowed command.*\(device test-1\)/);
    await expect(performAction(sh, { kind: 'api', command: 'settings put global x 1; reboot' })).rejects.toThrow(/shell operator/);
    expect(sh.seen).toEqual([]);
  });

  it('an intent the device cannot resolve fails the step with the device\'s words', async () => {
    const sh = recording('Starting: Intent { act=android.intent.action.VIEW dat=foo:bar }\nError: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=foo:bar flg=0x10000000 }\n');
    await expect(performAction(sh, { kind: 'api', command: 'am start -a android.intent.action.VIEW -d foo:bar' })).rejects.toThrow(/Device test-1 refused `am start .*`: .*unable to resolve Intent/);
  });
});
