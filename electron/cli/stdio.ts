/**
 * `touchstone vh number F | head`: once the reader goes away, writing to
 * stdout fails with EPIPE. That is the reader's choice, not an error: stop
 * quietly with 141 (128 + SIGPIPE, what `seq 1 1e9 | head` reports under
 * `set -o pipefail`) instead of printing a stack trace.
 */
export function quietOnBrokenPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(141);
    throw err;
  });
}
