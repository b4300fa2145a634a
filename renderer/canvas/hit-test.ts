// The hit test is pure geometry and lives in shared/geometry; re-exported for the canvas.
export { boxesOf, componentAt, type Box } from '../../shared/geometry/component-at';
