/** Mobile-Bench CheckPoints: test-case JSON, action history, scores (level 1 packages, level 2 all). */
export * from './types';
export * from './mobile-bench-json';
export * from './score-checkpoints';
export * from './action-history';
export * from './summary';
export * from './api-command';
