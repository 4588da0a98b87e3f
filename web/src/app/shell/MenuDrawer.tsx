import { Drawer, type DrawerProps } from '@mantine/core';

/**
 * The phone menu's drawer, a chunk of its own: the drawer brings Mantine's modal machinery
 * (focus trap, scroll lock, transitions), which no page needs before the menu is first opened.
 */
export function MenuDrawer(props: DrawerProps) {
  return <Drawer {...props} />;
}
