export * from './roles.js';
export * from './states.js';
export * from './format.js';
export * from './vacancy.js';
export * from './job-posting.js';
export * from './rules/auth.js';
export * from './rules/backoffice.js';
