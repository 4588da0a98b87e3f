// What other screens may use of the vacancy board (architecture principle 9). The router loads
// VacancyBoardPage on its own (a chunk of its own, with dnd-kit): it is not exported here, so a
// screen that links to the board does not bring the board along.
export { VacancyBoardLink, vacancyBoardPath } from './VacancyBoardLink';
