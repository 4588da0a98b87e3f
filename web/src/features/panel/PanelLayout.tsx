import { Outlet } from 'react-router';

/**
 * Root of the staff screens (/panel…, /vista-previa). Loaded on demand so that the public board
 * does not download the back office; the staff guard and screens come in later issues.
 */
export function PanelLayout() {
  return <Outlet />;
}
