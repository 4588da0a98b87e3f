import { matchPath, type Location } from 'react-router';
import { APPLICATION_ROUTE } from '../applications';

/** What 'Ver Detalles' keeps in the history entry: the page the dialog was opened over. */
export interface DetailState {
  background: Location;
}

export function backgroundOf(location: Location): Location | null {
  const state = location.state as Partial<DetailState> | null;
  const overlaid = matchPath('/vacantes/:id', location.pathname) ?? matchPath(APPLICATION_ROUTE, location.pathname);
  return state?.background && overlaid ? state.background : null;
}
