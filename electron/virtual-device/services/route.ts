import type { ServiceHandler } from '../transport/connection';
import type { MemFs } from '../mem-fs';
import { rawShell, shellV2, type RunLine } from './shell-service';
import { syncService } from './sync-service';

export interface ServiceContext {
  runLine: RunLine;
  fs: MemFs;
  /** mksh's prompt for interactive (pty) shells, `vphone:/ $ `. */
  prompt: string;
  /** Waited before a service answers (the `latency` fault). */
  delay(): Promise<void>;
}

/** The handler adbd would run for an OPEN of `service`, or null to refuse it (CLSE). */
export function routeService(service: string, ctx: ServiceContext): ServiceHandler | null {
  const { delay, runLine } = ctx;
  const v2 = /^shell,([^:]*):(.*)$/s.exec(service);
  if (v2) {
    const opts = v2[1].split(',');
    if (!opts.includes('v2')) return null;
    const cmd = v2[2];
    return async (s) => { await delay(); await shellV2(s, cmd, runLine, cmd.trim() === '', opts.includes('pty'), ctx.prompt); };
  }
  if (service.startsWith('shell:')) return async (s) => { await delay(); await rawShell(s, service.slice(6), runLine, true); };
  if (service.startsWith('exec:')) return async (s) => { await delay(); await rawShell(s, service.slice(5), runLine, false); };
  if (service === 'sync:') return async (s) => { await delay(); await syncService(s, ctx.fs); };
  // `adb tcpip PORT`: the device already listens on TCP, so it answers as adbd does and stays up.
  if (/^tcpip:\d+$/.test(service)) return (s) => { s.write(`restarting in TCP mode port: ${service.slice(6)}\n`); s.end(); };
  if (service.startsWith('reboot:')) return (s) => { s.end(); };
  // what a production (user) build answers
  if (service === 'root:') return (s) => { s.write('adbd cannot run as root in production builds\n'); s.end(); };
  if (service === 'unroot:') return (s) => { s.write('adbd not running as root\n'); s.end(); };
  if (service === 'remount:') return (s) => { s.write('remount is not supported on user builds\n'); s.end(); };
  return null;
}
