export * from './auth';
export * from './errors';
export * from './dashboard';
export * from './ports';
export * from './shell';
export * from './users';
