import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { installFocusKeeper } from '../../lib/focus-keeper';

/**
 * Root of the staff screens (/panel…, /vista-previa). Loaded on demand so that the public board
 * does not download the back office. The confirm dialogs opened with `modals.open…` live here:
 * only staff screens use them. Focus taken by a busy button or a closing dialog is put back here
 * too (lib/focus-keeper), for every staff screen.
 */
export function PanelLayout() {
  useEffect(installFocusKeeper, []);
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
