import { WebSocket } from 'ws';
import { createAppService } from '../../electron/core/app/app-service';
import { startServer, type RunningServer } from '../../electron/server';
import { httpTransport, type WebSocketCtor } from './http-transport';

/** For the renderer's tests only: the real web-mode server and an HTTP + WebSocket transport to it. */
export interface TestServer {
  server: RunningServer;
  transport: ReturnType<typeof httpTransport>;
  /** Closes the transport, then the server. */
  close(): Promise<void>;
}

/** Starts the real server on a free port with its state in `stateDir` (and `version` as the app's, when given). */
export async function startTestServer(stateDir: string, version?: string): Promise<TestServer> {
  const server = await startServer({ createService: (fileUrl) => createAppService({ mode: 'web', stateDir, fileUrl, ...(version ? { version } : {}) }) });
  // Node's `ws` stands in for the browser's WebSocket.
  const transport = httpTransport({ baseUrl: server.origin, token: server.token, WebSocket: WebSocket as unknown as WebSocketCtor });
  return { server, transport, close: async () => { transport.close(); await server.close(); } };
}
