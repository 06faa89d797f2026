export * from './admin';
export * from './catalog';
export * from './commerce';
export * from './discussions';
export * from './jobs';
export * from './learning';
export * from './reviews';
export * from './users';
