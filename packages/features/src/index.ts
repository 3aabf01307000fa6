export * from './auth';
export * from './dashboard';
export * from './errors';
export * from './ports';
export * from './shell';
export * from './users';
