import type { TouchstoneBridge } from '../../shared/contract';
import { bridgeTransport } from './bridge-transport';
import { createClient, type TouchstoneClient } from './client';
import { httpTransport } from './http-transport';

declare global {
  interface Window {
    /** Present only in the Electron window (electron/preload.ts). */
    touchstone?: TouchstoneBridge;
  }
}

const TOKEN_KEY = 'touchstone.token';

/**
 * Picks the transport: the preload bridge in desktop mode, else HTTP+WebSocket
 * with the token from the launch URL (kept in sessionStorage and removed from
 * the address bar so it does not end up in history or screenshots).
 */
function pickClient(): TouchstoneClient {
  if (window.touchstone) return createClient(bridgeTransport(window.touchstone));
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  const token = fromUrl ?? sessionStorage.getItem(TOKEN_KEY) ?? '';
  return createClient(httpTransport({ baseUrl: window.location.origin, token }));
}

/** The app's client (one per page). */
export const api: TouchstoneClient = pickClient();
