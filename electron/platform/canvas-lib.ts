import { createRequire } from 'node:module';
import type * as Canvas from '@napi-rs/canvas';

let lib: typeof Canvas | undefined;

/**
 * @napi-rs/canvas, loaded on first use: it is a native library (~90 ms to load here, 150-300 ms of
 * CPU on a loaded machine), and most commands never draw (`touchstone serve` and the app loaded it at
 * start before). Synchronous, so drawing code stays synchronous.
 */
export function canvasLib(): typeof Canvas {
  return (lib ??= createRequire(import.meta.url)('@napi-rs/canvas') as typeof Canvas);
}
