// What the router may use of the e-mail templates (issue 24): only through this file.
export { EmailTemplatesPage } from './EmailTemplatesPage';
