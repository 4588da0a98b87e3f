// What the router may use of retention (architecture principle 9: only through this file).
export { RetentionPage } from './RetentionPage';
