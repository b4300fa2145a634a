import type { Server } from 'node:http';

/**
 * Stops a server without cutting answers in flight (an episode's last result
 * is often being sent as the run ends): no new connections, idle ones closed,
 * busy ones given up to `graceMs` to finish.
 */
export function closeGracefully(server: Server, graceMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => { clearTimeout(timer); resolve(); });
    server.closeIdleConnections();
  });
}
