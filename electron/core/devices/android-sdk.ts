import { execFile } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { AndroidSdkStatus } from '../../../shared/contract/device';

const exe = (name: string): string => (process.platform === 'win32' ? `${name}.exe` : name);
const bat = (name: string): string => (process.platform === 'win32' ? `${name}.bat` : name);

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch { return false; }
}

/** The SDK roots the environment names (ANDROID_HOME first, as the SDK tools read it). */
export function sdkRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...new Set([env.ANDROID_HOME, env.ANDROID_SDK_ROOT].filter((r): r is string => !!r))];
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const f = join(dir, name);
    if (isExecutable(f)) return f;
  }
  return null;
}

/** The SDK's `emulator` binary: <sdk>/emulator/emulator, else `emulator` on PATH. */
export function findEmulator(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const sdk of sdkRoots(env)) {
    const f = join(sdk, 'emulator', exe('emulator'));
    if (isExecutable(f)) return f;
  }
  return onPath(exe('emulator'), env);
}

/** `avdmanager`: <sdk>/cmdline-tools/(latest|any version)/bin, the old <sdk>/tools/bin, else PATH. */
export function findAvdManager(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const sdk of sdkRoots(env)) {
    const tools = join(sdk, 'cmdline-tools');
    let versions: string[] = [];
    try { versions = readdirSync(tools).sort((a, b) => (a === 'latest' ? -1 : b === 'latest' ? 1 : b.localeCompare(a, undefined, { numeric: true }))); } catch { /* no cmdline-tools */ }
    for (const f of [...versions.map((v) => join(tools, v, 'bin', bat('avdmanager'))), join(sdk, 'tools', 'bin', bat('avdmanager'))]) if (isExecutable(f)) return f;
  }
  return onPath(bat('avdmanager'), env);
}

/** AVD names from `emulator -list-avds` (its INFO/WARNING chatter left out). */
export function parseAvdList(stdout: string): string[] {
  return stdout.split('\n').map((l) => l.trim()).filter((l) => /^[\w.-]+$/.test(l));
}

export function listAvds(emulator: string, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(emulator, ['-list-avds'], { env, timeout: 20_000, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${emulator} -list-avds failed: ${(stderr || err.message).trim().split('\n').pop()}`));
      else resolve(parseAvdList(stdout));
    });
  });
}

const INSTALL = 'Install the Android SDK (Android Studio, or the command-line tools from https://developer.android.com/studio#command-tools), run `sdkmanager emulator` and set ANDROID_HOME to the SDK folder';

/** What this machine has for the emulator buttons, with what to install and where when something is missing. */
export async function androidSdkStatus(env: NodeJS.ProcessEnv = process.env): Promise<AndroidSdkStatus> {
  const emulator = findEmulator(env);
  const avdmanager = findAvdManager(env);
  const where = sdkRoots(env).length ? `ANDROID_HOME/ANDROID_SDK_ROOT (${sdkRoots(env).join(', ')}) has no emulator/emulator and none is on the PATH` : 'ANDROID_HOME and ANDROID_SDK_ROOT are not set and no `emulator` is on the PATH';
  if (!emulator) return { emulator, avdmanager, avds: [], hint: `No Android emulator found: ${where}. ${INSTALL}; virtual devices need no SDK.` };
  let avds: string[];
  try { avds = await listAvds(emulator, env); } catch (err) { return { emulator, avdmanager, avds: [], hint: (err as Error).message }; }
  if (avds.length) return { emulator, avdmanager, avds };
  return {
    emulator, avdmanager, avds,
    hint: avdmanager
      ? `No AVD yet: create one with \`${avdmanager} create avd -n pixel -k "system-images;android-34;google_apis;x86_64"\` (after sdkmanager installed that image).`
      : `No AVD yet, and no avdmanager to create one: install the SDK command-line tools into ${sdkRoots(env)[0] ?? 'ANDROID_HOME'}/cmdline-tools/latest (https://developer.android.com/studio#command-tools), then \`avdmanager create avd\`.`,
  };
}
