export { TestTemplatesTab } from './TestTemplatesTab';
