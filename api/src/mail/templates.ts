/**
 * Every e-mail the api sends, rendered as subject, text and HTML (one import for the senders):
 * the layout they share in layout.ts, the messages by subject in the files below.
 */
export { escapeHtml, type RenderedMail } from './layout.js';
export * from './application-mails.js';
export * from './request-mails.js';
export * from './interview-mail.js';
