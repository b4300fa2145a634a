export * from './wilson';
export * from './mcnemar';
export * from './kappa';
export * from './leniency';
