import { WebSocket } from 'ws';
import { createAppService, type AppServiceOptions } from '../../../electron/app';
import { startServer, type RunningServer } from '../../../electron/server';
import { httpTransport, type WebSocketCtor } from '../http-transport';

/** For the renderer's tests only: the real web-mode server and an HTTP + WebSocket transport to it. */
export interface TestServer {
  server: RunningServer;
  transport: ReturnType<typeof httpTransport>;
  /** Closes the transport, then the server. */
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port with its state in `stateDir` (and `version` as the app's, when given;
 * `backend` wraps the dataset layer, e.g. to hold a job open while a test looks at it).
 */
export async function startTestServer(stateDir: string, version?: string, backend?: AppServiceOptions['backend']): Promise<TestServer> {
  const server = await startServer({ createService: (fileUrl) => createAppService({ mode: 'web', stateDir, fileUrl, ...(version ? { version } : {}), ...(backend ? { backend } : {}) }) });
  const transport = connect(server);
  return { server, transport, close: async () => { transport.close(); await server.close(); } };
}

/** A further client connection to a running server (its own HTTP calls and WebSocket). */
export function connect(server: RunningServer): ReturnType<typeof httpTransport> {
  // Node's `ws` stands in for the browser's WebSocket.
  return httpTransport({ baseUrl: server.origin, token: server.token, WebSocket: WebSocket as unknown as WebSocketCtor });
}
