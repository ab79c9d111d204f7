export * from './accounts';
export * from './auth';
export * from './boards';
export * from './content';
export * from './fan-central';
export * from './fans';
export * from './platform';
