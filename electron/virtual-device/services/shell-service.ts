import type { ServiceStream } from '../transport/stream';
import type { ShellStreams } from '../shell/interpreter';

/** shell protocol v2 packet ids (shell_protocol.h) */
const ID_STDIN = 0;
const ID_STDOUT = 1;
const ID_STDERR = 2;
const ID_EXIT = 3;
const ID_CLOSE_STDIN = 4;

export type RunLine = (line: string, io: ShellStreams) => Promise<number>;

function frame(id: number, data: Buffer): Buffer {
  const head = Buffer.allocUnsafe(5);
  head.writeUInt8(id, 0);
  head.writeUInt32LE(data.length, 1);
  return Buffer.concat([head, data]);
}

/** Collects stream bytes until `done` is signalled; commands that read stdin await it. */
function stdinCollector(): { push(b: Buffer): void; finish(): void; read(): Promise<Buffer> } {
  const chunks: Buffer[] = [];
  let done = false;
  const waiters: ((b: Buffer) => void)[] = [];
  return {
    push: (b) => { if (!done) chunks.push(b); },
    finish: () => {
      if (done) return;
      done = true;
      const all = Buffer.concat(chunks);
      for (const w of waiters.splice(0)) w(all);
    },
    read: () => (done ? Promise.resolve(Buffer.concat(chunks)) : new Promise((r) => waiters.push(r))),
  };
}

/** `shell,v2,...:CMD`: framed stdout/stderr, stdin frames, exit code before CLSE. */
export async function shellV2(stream: ServiceStream, command: string, run: RunLine, interactive: boolean, pty = false, prompt = ':/ $ '): Promise<void> {
  const stdin = stdinCollector();
  let pending = Buffer.alloc(0);
  const lines: string[] = [];
  let lineWaiter: (() => void) | null = null;
  let stdinEnded = false;
  // A terminal (pty) echoes what is typed and ends lines with CRLF.
  const crlf = (b: Buffer): Buffer => (pty ? Buffer.from(b.toString('utf8').replace(/\r?\n/g, '\r\n')) : b);
  stream.onData((chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const len = pending.readUInt32LE(1);
      if (pending.length < 5 + len) break;
      const id = pending[0];
      const data = pending.subarray(5, 5 + len);
      pending = pending.subarray(5 + len);
      if (id === ID_STDIN) {
        stdin.push(Buffer.from(data));
        if (interactive) {
          const text = pty ? data.toString('utf8').replace(/\r\n?/g, '\n') : data.toString('utf8');
          if (pty) stream.write(frame(ID_STDOUT, crlf(Buffer.from(text))));
          lines.push(...text.split(/(?<=\n)/));
          lineWaiter?.();
        }
      } else if (id === ID_CLOSE_STDIN) { stdin.finish(); stdinEnded = true; lineWaiter?.(); }
    }
  });
  stream.onClose(() => { stdin.finish(); stdinEnded = true; lineWaiter?.(); });
  const io: ShellStreams = {
    stdin: stdin.read,
    out: (d) => stream.write(frame(ID_STDOUT, crlf(typeof d === 'string' ? Buffer.from(d) : d))),
    err: (d) => stream.write(frame(ID_STDERR, crlf(typeof d === 'string' ? Buffer.from(d) : d))),
    hungUp: () => stream.closed,
  };
  let code = 0;
  if (!interactive) code = await run(command, io);
  else {
    // No command: a minimal interactive session reading lines from stdin.
    let partial = '';
    for (;;) {
      if (stream.closed) return;
      // a terminal session shows mksh's prompt; piped stdin (raw) gets none
      if (pty && !partial) io.out(prompt);
      while (lines.length === 0 && !stdinEnded) await new Promise<void>((r) => { lineWaiter = r; });
      const piece = lines.shift();
      if (piece === undefined && !partial) break;
      partial += piece ?? '\n';
      if (!partial.endsWith('\n')) continue;
      const line = partial.trim();
      partial = '';
      if (line === 'exit') break;
      if (line) code = await run(line, io);
    }
  }
  stream.write(frame(ID_EXIT, Buffer.from([code & 0xff])));
  stream.end();
}

/** `shell:CMD` (legacy) and `exec:CMD`: raw bytes, no exit code. Legacy merges stderr. */
export async function rawShell(stream: ServiceStream, command: string, run: RunLine, mergeStderr: boolean): Promise<void> {
  const stdin = stdinCollector();
  stream.onData((b) => stdin.push(b));
  stream.onClose(() => stdin.finish());
  // adbkit never sends stdin on shell:, so commands reading stdin see it empty.
  if (!command.includes('<') && mergeStderr) stdin.finish();
  await run(command, {
    stdin: stdin.read,
    out: (d) => stream.write(d),
    err: (d) => { if (mergeStderr) stream.write(d); },
    hungUp: () => stream.closed,
  });
  stream.end();
}
