import { memo, useEffect, useRef, useState } from 'react';

/** Set once fetching a screenshot URL is refused (the desktop page may not fetch its file scheme). */
let fetchRefused = false;

/**
 * The screenshot as a bitmap `width` pixels wide. Fetched as a Blob, `createImageBitmap` decodes and
 * scales it off the main thread; from an <img> (where fetch is refused) Chromium would scale on
 * the main thread, so that path draws the full image and lets the canvas scale it.
 */
async function loadBitmap(url: string, width: number): Promise<ImageBitmap> {
  if (!fetchRefused) {
    let blob: Blob | null = null;
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      blob = await res.blob();
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
      fetchRefused = true;
    }
    if (blob) return createImageBitmap(blob, { resizeWidth: width, resizeQuality: 'medium' });
  }
  const img = new Image();
  img.src = url;
  await img.decode();
  return createImageBitmap(img);
}

/**
 * One step's screenshot drawn into a canvas at the tile's size. The image is decoded and scaled
 * off the main thread (`createImageBitmap` of the fetched Blob, with a resize); the previous
 * screen stays until the new one is ready, so a tile never flashes an empty (black) frame while
 * the next screenshot loads. `data-drawn` names the step on screen.
 */
export const TileScreen = memo(function TileScreen({ url, label }: { url: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const newest = useRef(0);
  const drawn = useRef(0);
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; }, []);

  useEffect(() => {
    const seq = ++newest.current;
    // An older screenshot still decoding is not thrown away: under a fast stream of steps the
    // tile still moves on; the sequence check keeps the order.
    const live = (): boolean => mounted.current && seq > drawn.current;
    void (async () => {
      try {
        const c = canvas.current;
        if (!c || !live()) return;
        const bmp = await loadBitmap(url, Math.max(1, Math.round((c.clientWidth || 240) * (window.devicePixelRatio || 1))));
        // A newer screenshot may have been drawn meanwhile: the newest wins.
        if (!live()) { bmp.close(); return; }
        drawn.current = seq;
        // Resizing a canvas reallocates its backing store and lays the page out again: only when the size changes.
        if (c.width !== bmp.width || c.height !== bmp.height) { c.width = bmp.width; c.height = bmp.height; }
        const g = c.getContext('2d');
        g?.clearRect(0, 0, c.width, c.height);
        g?.drawImage(bmp, 0, 0);
        bmp.close();
        setShown(label);
        setError(null);
      } catch {
        if (live() && seq === newest.current) setError(`The screenshot of ${label} could not be loaded.`);
      }
    })();
  }, [url, label]);

  return (
    <>
      <canvas ref={canvas} className="tile-canvas" role="img" aria-label={shown ?? 'Loading the screenshot'} data-drawn={shown ?? ''} />
      {!shown && <div className="muted tile-wait">{error ?? 'Loading the screenshot…'}</div>}
    </>
  );
});
