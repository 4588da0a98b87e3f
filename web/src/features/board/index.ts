// The public board's pages, for the route table.
export { HomePage } from './HomePage';
export { VacanciesPage } from './VacanciesPage';
export { backgroundOf } from './detail-state';
export { VacancyDetailOverlay, VacancyDetailRoute } from './VacancyDetailRoute';
