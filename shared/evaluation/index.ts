/** Touchstone's evaluator core: pure, synchronous matchers, the sequencer, baselines and metrics. */
export * from './types';
export * from './normalise';
export * from './services';
export * from './simplify-screen';
export * from './match-item';
export * from './sequencer';
export * from './final-state';
export * from './aitw-action-match';
export * from './baselines';
export * from './metrics';
export * from './report';
export { LEGACY_BEHAVIOURS } from './legacy';
export * from './plot-svg';
