import * as adbkit from '@devicefarmer/adbkit';

// adbkit is CommonJS: depending on the loader (Node ESM, vitest, esbuild) its exports sit on the namespace or on `default`.
const Adb = adbkit.Adb ?? (adbkit as unknown as { default: typeof adbkit }).default.Adb;

export type AdbClient = ReturnType<typeof Adb.createClient>;
export type AdbDevice = ReturnType<AdbClient['getDevice']>;

/** Where the adb server runs (the local one on 5037 by default, or another machine's). */
export interface AdbServerAddress { host: string; port: number }

/**
 * Parses `--adb-server host:port` (or `port`, or adb's own `tcp:host:port` form of
 * ADB_SERVER_SOCKET). Throws a sentence naming the bad value.
 */
export function parseAdbServer(spec: string): AdbServerAddress {
  const s = spec.trim().replace(/^tcp:/, '');
  const m = /^(?:([\w.-]+|\[[0-9a-f:]+\]):)?(\d{1,5})$/i.exec(s);
  const port = Number(m?.[2]);
  if (!m || port < 1 || port > 65535) throw new Error(`adb server "${spec}" is not host:port (e.g. 192.168.1.20:5037 or 5037).`);
  return { host: (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/**
 * The adb server to use: an explicit `--adb-server`, else ADB_SERVER_SOCKET (`tcp:host:port`, as adb
 * itself reads it), else ANDROID_ADB_SERVER_PORT on this machine, else 127.0.0.1:5037.
 */
export function resolveAdbServer(explicit?: string, env: NodeJS.ProcessEnv = process.env): AdbServerAddress {
  if (explicit) return parseAdbServer(explicit);
  if (env.ADB_SERVER_SOCKET) return parseAdbServer(env.ADB_SERVER_SOCKET);
  if (env.ANDROID_ADB_SERVER_PORT) return parseAdbServer(env.ANDROID_ADB_SERVER_PORT);
  return { host: '127.0.0.1', port: 5037 };
}

/** An adbkit client of that server. */
export function createAdbClient(server: AdbServerAddress): AdbClient {
  return Adb.createClient({ host: server.host, port: server.port });
}
