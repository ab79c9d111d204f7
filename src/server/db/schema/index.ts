export * from './accounts';
export * from './auth';
export * from './boards';
export * from './content';
export * from './fans';
export * from './payments';
export * from './platform';
