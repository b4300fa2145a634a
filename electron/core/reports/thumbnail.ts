import { canvasLib } from '../../platform/canvas-lib';
import type { Bounds, ExecAction } from '../../../shared/model';

/** Marks drawn on a thumbnail, in device pixels of the screenshot. */
export interface ThumbMarks {
  boxes?: { bounds: Bounds; colour: string }[];
  action?: ExecAction;
}

/**
 * A small JPEG of a screenshot as a data URI (so a report is one file that opens offline), with
 * boxes and the agent's tap or swipe drawn on it. Undefined when the image cannot be read.
 */
export async function thumbnailDataUri(file: string, width: number, marks: ThumbMarks = {}): Promise<string | undefined> {
  let img;
  try {
    img = await canvasLib().loadImage(file);
  } catch {
    return undefined;
  }
  const s = width / img.width;
  const c = canvasLib().createCanvas(width, Math.max(1, Math.round(img.height * s)));
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0, c.width, c.height);
  g.lineWidth = 2;
  for (const b of marks.boxes ?? []) {
    g.strokeStyle = b.colour;
    g.strokeRect(b.bounds.x1 * s, b.bounds.y1 * s, (b.bounds.x2 - b.bounds.x1) * s, (b.bounds.y2 - b.bounds.y1) * s);
  }
  const a = marks.action;
  if (a && 'screen' in a) {
    // Executed actions carry normalised points (0..1) of the screen they were taken on.
    g.strokeStyle = '#e0245e';
    g.fillStyle = 'rgba(224,36,94,0.45)';
    if (a.kind === 'click' || a.kind === 'long-click') {
      g.beginPath();
      g.arc(a.at.x * c.width, a.at.y * c.height, 6, 0, Math.PI * 2);
      g.fill();
      g.stroke();
    } else if (a.kind === 'swipe') {
      g.beginPath();
      g.moveTo(a.from.x * c.width, a.from.y * c.height);
      g.lineTo(a.to.x * c.width, a.to.y * c.height);
      g.stroke();
    }
  }
  return `data:image/jpeg;base64,${(await c.encode('jpeg', 70)).toString('base64')}`;
}
