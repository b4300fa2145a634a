export * from './geometry';
export * from './problem';
export * from './view-hierarchy';
export * from './essential-state';
export * from './actions';
export * from './dataset';
export * from './dataset-summary';
