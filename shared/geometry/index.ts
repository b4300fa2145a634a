export * from './action-mark';
export * from './component-at';
export * from './ess-targets';
