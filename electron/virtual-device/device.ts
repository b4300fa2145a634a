import { createServer, type Server, type Socket } from 'node:net';
import { DeviceConnection, type ServiceHandler } from './transport/connection';
import { MemFs } from './mem-fs';
import { Shell } from './shell/interpreter';
import { basicCommands } from './shell/commands/basic';
import { androidCommands } from './shell/commands/android';
import { dumpsys } from './shell/commands/dumpsys';
import { networkCommands } from './shell/commands/network';
import type { CommandFn, ShellHost } from './shell/types';
import { routeService } from './services/route';
import { ReverseForwards } from './services/reverse';
import { DUMP_IDLE_ERROR, NO_FAULTS, type Faults } from './faults';
import type { InputEvent, World } from './world/types';
import { defaultProps } from './props';
import { renderPool } from './world/render-pool';
import { LogBuffer, type LogPriority } from './logcat';
import { DisplayState } from './display';
import { defaultSettings } from './settings-defaults';
import { procFiles } from './proc-files';

const COMMANDS: ReadonlyMap<string, CommandFn> = new Map([...basicCommands, ...androidCommands, ...networkCommands, ['dumpsys', dumpsys]]);
const FEATURES = 'shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir';

export interface VirtualDeviceOptions {
  world: World;
  /** TCP port for adb (0 = any free port). */
  port?: number;
  /** Refuse authentication: the host lists the device as `unauthorized`. */
  unauthorized?: boolean;
  faults?: Partial<Faults>;
  model?: string;
  /** The device's clock (status bar, clock widgets, logcat). Freeze it for byte-stable screenshots. */
  clock?: () => Date;
  /** Quota of the in-memory file system in bytes (default 512 MiB). */
  storageBytes?: number;
}

/** A phone the real adb accepts: listens for host connections and serves shell/exec/sync. */
export class VirtualDevice implements ShellHost {
  readonly fs: MemFs;
  readonly props: Map<string, string>;
  readonly settings = defaultSettings();
  readonly display: DisplayState;
  faults: Faults;
  private currentWorld: World;
  private server: Server | null = null;
  private readonly connections = new Set<{ socket: Socket; conn: DeviceConnection }>();
  readonly logs = new LogBuffer(() => this.now());
  /** Encoded screenshots per (screen key, display transform): a state seen before costs nothing to capture. */
  private readonly pngCache = new Map<string, { png: Promise<Buffer>; raw?: Promise<Buffer> }>();
  private lastInput: { at: number; x: number; y: number } | null = null;
  private opens = 0;
  private readonly reverse = new ReverseForwards();
  private readonly shell: Shell;
  port = 0;

  constructor(private readonly opts: VirtualDeviceOptions) {
    this.currentWorld = opts.world;
    this.faults = { ...NO_FAULTS, ...opts.faults };
    this.props = defaultProps(opts.model ?? 'Touchstone Virtual Phone', opts.world);
    this.fs = new MemFs(opts.storageBytes);
    for (const [path, body] of procFiles()) this.fs.write(path, Buffer.from(body), { perm: 0o444 });
    this.display = new DisplayState(() => this.currentWorld.layoutSize?.() ?? this.currentWorld.size, this.settings, this.props, () => this.currentWorld.size);
    this.shell = new Shell(this, COMMANDS);
    opts.world.attach?.(this);
    this.log('I', 'Zygote', 'System server process has started');
  }

  world(): World { return this.currentWorld; }

  /** Replaces what the device shows (emulator snapshot load, world switch). */
  setWorld(world: World): void { this.currentWorld = world; world.attach?.(this); this.pngCache.clear(); }

  now(): Date { return this.opts.clock ? this.opts.clock() : new Date(); }

  async listen(port = this.opts.port ?? 0, host = '127.0.0.1'): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    if (this.faults.vanishAfterMs > 0) setTimeout(() => void this.close(), this.faults.vanishAfterMs).unref();
    return this.port;
  }

  /** Drops every host connection, as a flaky USB cable does; adb reconnects (`adb connect` again). */
  dropConnections(): void {
    for (const c of this.connections) c.conn.drop();
    this.connections.clear();
  }

  /** Stops listening and drops connections: the device disappears. */
  async close(): Promise<void> {
    this.reverse.closeAll();
    this.dropConnections();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  /** Deep copy of everything an emulator snapshot keeps. */
  snapshot(): unknown {
    const files = this.fs.dump();
    return { world: this.currentWorld.snapshot(), settings: [...this.settings], files };
  }

  restore(state: unknown): void {
    const s = state as { world: unknown; settings: [string, string][]; files: ReturnType<MemFs['dump']> };
    this.currentWorld.restore(s.world);
    this.settings.clear();
    for (const [k, v] of s.settings) this.settings.set(k, v);
    this.fs.load(s.files);
    this.pngCache.clear();
  }

  get listening(): boolean { return this.server !== null; }

  banner(): string {
    const p = this.props;
    return `device::ro.product.name=${p.get('ro.product.name')};ro.product.model=${p.get('ro.product.model')};ro.product.device=${p.get('ro.product.device')};features=${FEATURES}`;
  }

  /** Runs a command line as `adb shell` would (for in-process use and tests). */
  async exec(line: string): Promise<{ stdout: Buffer; stderr: Buffer; code: number }> {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const code = await this.runLine(line, {
      stdin: () => Promise.resolve(Buffer.alloc(0)),
      out: (d) => out.push(Buffer.from(d)),
      err: (d) => err.push(Buffer.from(d)),
    });
    return { stdout: Buffer.concat(out), stderr: Buffer.concat(err), code };
  }

  private runLine: Shell['run'] = async (line, io) => {
    // Each shell service gets a fresh session, as adbd starts a new sh per stream.
    const sh = new Shell(this, COMMANDS);
    for (const [k, v] of this.shell.env) sh.env.set(k, v);
    const code = await sh.run(line, io);
    // `am start`, `monkey`, `settings put`, `wm size`... may have changed the screen as an input does
    this.prerender();
    return code;
  };

  private accept(socket: Socket): void {
    const entry = {
      socket,
      conn: new DeviceConnection(socket, {
        banner: () => this.banner(),
        unauthorized: this.opts.unauthorized,
        resolve: (service, conn) => this.resolve(service, conn),
      }),
    };
    this.connections.add(entry);
    socket.on('close', () => this.connections.delete(entry));
  }

  private resolve(service: string, conn: DeviceConnection): ServiceHandler | null {
    this.opens++;
    if (this.faults.dropEvery > 0 && this.opens % this.faults.dropEvery === 0) {
      setImmediate(() => this.dropConnections());
      return null;
    }
    const reverse = this.reverse.route(service, conn);
    if (reverse) return reverse;
    const delay = (): Promise<void> => (this.faults.latencyMs > 0 ? new Promise((r) => setTimeout(r, this.faults.latencyMs)) : Promise.resolve());
    return routeService(service, { runLine: this.runLine, fs: this.fs, prompt: `${this.props.get('ro.product.device')}:/ $ `, delay });
  }

  // --- ShellHost ---

  log(priority: LogPriority, tag: string, message: string): void { this.logs.add(priority, tag, message); }

  private animating(): number | null {
    if (!this.lastInput || this.faults.animationMs <= 0) return null;
    const t = Date.now() - this.lastInput.at;
    return t < this.faults.animationMs ? t : null;
  }

  /** The cache entry of what is on screen now, rendering it when new. */
  private settled(): { png: Promise<Buffer>; raw?: Promise<Buffer> } {
    const screen = this.currentWorld.screen(this.now());
    const key = `${screen.key}@${this.display.key()}`;
    let entry = this.pngCache.get(key);
    if (entry) {
      // most recently used last
      this.pngCache.delete(key);
      this.pngCache.set(key, entry);
      return entry;
    }
    const png = screen.png().then(this.display.composer());
    entry = { png };
    this.pngCache.set(key, entry);
    png.catch(() => this.pngCache.delete(key));
    if (this.pngCache.size > 64) this.pngCache.delete(this.pngCache.keys().next().value!);
    return entry;
  }

  async screenPng(): Promise<Buffer> {
    const png = this.settled().png;
    const t = this.animating();
    if (t !== null && this.lastInput) return renderPool.compose({ kind: 'ripple', png: await png, at: this.lastInput, progress: t / this.faults.animationMs });
    return png;
  }

  async screenRaw(): Promise<Buffer> {
    if (this.animating() !== null) return renderPool.compose({ kind: 'raw', png: await this.screenPng() });
    const entry = this.settled();
    entry.raw ??= entry.png.then((png) => renderPool.compose({ kind: 'raw', png }));
    return entry.raw;
  }

  /** Starts rendering the screen an input or a command led to, off the command's path, so the next screencap finds it ready. */
  private prerender(): void {
    setImmediate(() => { this.settled().png.catch(() => undefined); });
  }

  async dumpXml(): Promise<{ ok: true; xml: string } | { ok: false; error: string }> {
    if (this.faults.dumpFails) return { ok: false, error: DUMP_IDLE_ERROR };
    // uiautomator waits for the UI to become idle, so a dump during an animation waits it out.
    const t = this.animating();
    if (t !== null) await new Promise((r) => setTimeout(r, this.faults.animationMs - t));
    return { ok: true, xml: this.display.xmlToDisplay(this.currentWorld.screen(this.now()).xml()) };
  }

  async inject(ev: InputEvent): Promise<void> {
    const mid = this.display.logical();
    const at = ev.kind === 'tap' || ev.kind === 'long-press' ? { x: ev.x, y: ev.y } : ev.kind === 'swipe' || ev.kind === 'drag' ? { x: ev.x2, y: ev.y2 } : { x: mid.width / 2, y: mid.height / 2 };
    this.lastInput = { at: Date.now(), ...at };
    this.log('I', 'InputDispatcher', `Delivering ${ev.kind} ${JSON.stringify(ev)}`);
    this.currentWorld.input(this.display.inputToWorld(ev), this.now());
    this.prerender();
  }
}
