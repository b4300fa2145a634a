/** LlamaTouch and Android formats: pure parsers and writers (no I/O). */
export * from './bounds';
export * from './parse-uiautomator-xml';
export * from './parse-droidbot-vh';
export * from './number-components';
export * from './xpath';
export * from './ess';
export * from './event-structs';
export * from './exec-action';
export * from './task-index';
export * from './human-labels';
export * from './components-json';
export * from './dumpsys';
export * from './screen-size';
