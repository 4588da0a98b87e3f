// What the router may use of the reports (architecture principle 9: only through this file).
export { FunnelReportPage } from './FunnelReportPage';
