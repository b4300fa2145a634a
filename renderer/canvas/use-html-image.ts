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
    img.onload = () => live && setState({ status: 'ready', image: img });
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
