import { Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { navLinksFor, ROLE, type RoleId } from '@bolsa/domain';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTrackDialog } from '../../lib/dialog-activity';
import { roleLabel, useSession, type SessionViewer } from '../../features/session';
import { Logo } from './Logo';
import { useLoginPrompt } from '../../features/accounts';
import classes from './shell.module.css';

/** 'Ana María López' → 'AM': the first letters of the first two words. */
function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase('es-GT'))
    .join('');
}

const MenuDrawer = lazy(async () => ({ default: (await import('./MenuDrawer')).MenuDrawer }));

interface NavItem {
  to: string;
  label: string;
  end: boolean;
}

/** The three variants of spec 1 §2.2. */
const PUBLIC_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Inicio', end: true },
  { to: '/vacantes', label: 'Vacantes', end: false },
  { to: '/preguntas-frecuentes', label: 'Preguntas frecuentes', end: false },
];

/** The signed-in bars come from domain's navigation table (spec 1 §2.2, spec 2 §2). */
function navItems(role: RoleId): NavItem[] {
  return navLinksFor(role).map(({ path, label }) => ({ to: path, label, end: path === '/panel' }));
}

export function staffLinks(role: RoleId): NavItem[] {
  return navItems(role);
}

function isStaff(viewer: SessionViewer | null): viewer is SessionViewer {
  return viewer !== null && viewer.roleId !== ROLE.CANDIDATE;
}

export function TopNav() {
  const [menuOpened, menu] = useDisclosure(false);
  // Mounted from the first opening on (so that it can animate closed), not before.
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpened && !menuWanted) setMenuWanted(true);
  const { openLogin } = useLoginPrompt();
  const { viewer, logout } = useSession();
  useTrackDialog(menuOpened);

  const staff = isStaff(viewer);
  const links = staff ? staffLinks(viewer.roleId) : viewer ? navItems(ROLE.CANDIDATE) : PUBLIC_LINKS;
  // Five staff links, a name and a button need more room than the public bar.
  const desktop = staff ? 'lg' : 'md';
  // The administrator's nine links (issue 24 added Retención) fit 1280 px with tighter links, the
  // name and role shown from xl on, initials between lg and xl (they stay in the menu below lg).
  const crowded = links.length > 8;

  const loginFromMenu = () => {
    menu.close();
    openLogin();
  };
  const logoutFromMenu = () => {
    menu.close();
    void logout();
  };

  const logoutButton = (fullWidth: boolean, onClick: () => void) => (
    <Button
      variant="default"
      fullWidth={fullWidth}
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={onClick}
    >
      Cerrar sesión
    </Button>
  );

  const who = staff && (
    <>
      <Stack gap={0} align="flex-end" miw={0} visibleFrom={crowded ? 'xl' : undefined}>
        <Text fw={600} size="sm" lh={1.2} truncate maw={200}>
          {viewer.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          {roleLabel(viewer.role)}
        </Text>
      </Stack>
      {crowded && (
        // Between lg and xl the links leave no room for the name: who is signed in stays in view
        // as initials, the name and role on hover and for screen readers.
        <Box
          hiddenFrom="xl"
          className={classes.initials}
          role="img"
          aria-label={`${viewer.name}, ${roleLabel(viewer.role)}`}
          title={`${viewer.name} · ${roleLabel(viewer.role)}`}
        >
          {initialsOf(viewer.name)}
        </Box>
      )}
    </>
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link
            to={staff ? '/panel' : '/'}
            aria-label={staff ? 'Bolsa de Trabajo, ir al panel' : 'Bolsa de Trabajo, ir al inicio'}
            style={{ textDecoration: 'none' }}
          >
            <Logo />
          </Link>
          <Group component="nav" aria-label="Navegación principal" gap={4} visibleFrom={desktop} wrap="nowrap">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                className={crowded ? `${classes.navLink} ${classes.navLinkTight}` : classes.navLink}
              >
                {l.label}
              </NavLink>
            ))}
          </Group>
          {viewer ? (
            <Group gap="sm" visibleFrom={desktop} wrap="nowrap">
              {who}
              {logoutButton(false, () => void logout())}
            </Group>
          ) : (
            <Button visibleFrom="md" leftSection={<IconUserCircle size={18} aria-hidden />} onClick={() => openLogin()}>
              Regístrate / Iniciar Sesion
            </Button>
          )}
          <Burger
            hiddenFrom={desktop}
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={menuOpened}
            aria-controls="menu-movil"
          />
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <MenuDrawer
            id="menu-movil"
            opened={menuOpened}
            onClose={menu.close}
            title="Menú"
            position="right"
            size="xs"
            hiddenFrom={desktop}
            closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
          >
            <Stack component="nav" aria-label="Navegación principal" gap={4}>
              {staff && (
                <Box pb="sm" mb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                  <Text fw={600}>{viewer.name}</Text>
                  <Text size="sm" c="dimmed">
                    {roleLabel(viewer.role)}
                  </Text>
                </Box>
              )}
              {links.map((l) => (
                <NavLink key={l.to} to={l.to} end={l.end} className={classes.drawerLink} onClick={menu.close}>
                  {l.label}
                </NavLink>
              ))}
              {viewer ? (
                <Box mt="md">{logoutButton(true, logoutFromMenu)}</Box>
              ) : (
                <Button
                  mt="md"
                  fullWidth
                  leftSection={<IconUserCircle size={18} aria-hidden />}
                  onClick={loginFromMenu}
                >
                  Regístrate / Iniciar Sesion
                </Button>
              )}
            </Stack>
          </MenuDrawer>
        </Suspense>
      )}
    </Box>
  );
}
