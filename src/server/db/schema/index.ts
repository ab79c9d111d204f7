export * from './accounts';
export * from './auth';
export * from './boards';
export * from './content';
export * from './fans';
export * from './partners';
export * from './platform';
export * from './uploads';
