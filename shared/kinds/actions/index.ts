/** The action kind: one model (action.ts) and its conversions, one describe. */
export * from './action';
export * from './exec-line';
export * from './ground-truth';
export * from './match-form';
export * from './describe';
export * from './aitw-string';
