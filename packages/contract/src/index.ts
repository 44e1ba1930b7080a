export * from './common';
export * from './cookies';
export * from './endpoint';
export * from './envelope';
export * from './errors';
export * from './locale';
export * from './openapi';
export * from './table';
