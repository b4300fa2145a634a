import { useEffect, useState } from 'react';

export type ImageState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; image: HTMLImageElement } | { status: 'error'; message: string };

/** Loads an image URL for Konva; the state says when it is drawable. */
export function useHtmlImage(url: string | null): ImageState {
  const [state, setState] = useState<ImageState>({ status: url ? 'loading' : 'none' });
  useEffect(() => {
    if (!url) {
      setState({ status: 'none' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    const img = new window.Image();
    // Decoded before it is called ready: off the main thread, where the first draw would otherwise
    // decode the PNG itself (tens of ms for a phone screenshot, in the middle of opening a step).
    img.onload = () => {
      if (!live) return;
      img.decode().catch(() => undefined).then(() => live && setState({ status: 'ready', image: img }));
    };
    img.onerror = () => live && setState({ status: 'error', message: `Could not load the screenshot (${url.split('?')[0]}).` });
    img.src = url;
    return () => {
      live = false;
      img.onload = null;
      img.onerror = null;
    };
  }, [url]);
  return state;
}
