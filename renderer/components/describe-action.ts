import { assertNever, type GtAction } from '../../shared/model';

/** A short human label for a ground-truth action (filmstrip captions). */
export function describeAction(a: GtAction | undefined): string {
  if (!a) return '';
  switch (a.kind) {
    case 'home': return 'Home';
    case 'back': return 'Back';
    case 'enter': return 'Enter';
    case 'app-switch': return 'App switch';
    case 'click': return `Tap ${a.at.x},${a.at.y}`;
    case 'long-click': return `Long tap ${a.at.x},${a.at.y}`;
    case 'swipe': return `Swipe ${a.from.x},${a.from.y} → ${a.to.x},${a.to.y}`;
    case 'drag': return `Drag ${a.from.x},${a.from.y} → ${a.to.x},${a.to.y}`;
    case 'input': return `Type “${a.text}”`;
    case 'unknown': return a.raw;
    default: return assertNever(a, 'action');
  }
}
