import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';

/**
 * Root of the staff screens (/panel…, /vista-previa). Loaded on demand so that the public board
 * does not download the back office. The confirm dialogs opened with `modals.open…` live here:
 * only staff screens use them.
 */
export function PanelLayout() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
