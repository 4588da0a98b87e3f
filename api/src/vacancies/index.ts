/**
 * The vacancies area's public face: the image keys and variants the demo data stores the way an
 * upload would. (app.ts, the composition root, mounts routes.ts itself.)
 */
export { newVacancyImageKeys, vacancyImageVariants } from './images.js';
