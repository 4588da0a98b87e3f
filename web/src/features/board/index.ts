// The public board's pages, for the route table.
export { HomePage } from './HomePage';
export { VacanciesPage } from './VacanciesPage';
export { backgroundOf, VacancyDetailOverlay, VacancyDetailRoute } from './VacancyDetailRoute';
