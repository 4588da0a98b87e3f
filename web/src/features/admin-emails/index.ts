export { AdminEmailsTab } from './AdminEmailsTab';
