// What other features may use of the vacancy back office (the screens themselves are lazy routes).
export { AdminVacancyGrid } from './AdminVacancyGrid';
