import { Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useTrackDialog } from '../../lib/dialog-activity';
import { Logo } from './Logo';
import { useLoginPrompt } from './LoginPrompt';
import classes from './shell.module.css';

/** Public variant of the top bar (spec 1 §2.2); the staff and candidate variants come with sessions. */
const PUBLIC_LINKS = [
  { to: '/', label: 'Inicio', end: true },
  { to: '/vacantes', label: 'Vacantes', end: false },
  { to: '/preguntas-frecuentes', label: 'Preguntas frecuentes', end: false },
] as const;

export function TopNav() {
  const [menuOpened, menu] = useDisclosure(false);
  const { openLogin } = useLoginPrompt();
  useTrackDialog(menuOpened);

  const loginFromMenu = () => {
    menu.close();
    openLogin();
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" aria-label="Bolsa de Trabajo, ir al inicio" style={{ textDecoration: 'none' }}>
            <Logo />
          </Link>
          <Group component="nav" aria-label="Navegación principal" gap={4} visibleFrom="md" wrap="nowrap">
            {PUBLIC_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className={classes.navLink}>
                {l.label}
              </NavLink>
            ))}
          </Group>
          <Button visibleFrom="md" leftSection={<IconUserCircle size={18} aria-hidden />} onClick={openLogin}>
            Regístrate / Iniciar Sesion
          </Button>
          <Burger
            hiddenFrom="md"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={menuOpened}
            aria-controls="menu-movil"
          />
        </Group>
      </Container>
      <Drawer
        id="menu-movil"
        opened={menuOpened}
        onClose={menu.close}
        title="Menú"
        position="right"
        size="xs"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
      >
        <Stack component="nav" aria-label="Navegación principal" gap={4}>
          {PUBLIC_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={classes.drawerLink} onClick={menu.close}>
              {l.label}
            </NavLink>
          ))}
          <Button mt="md" fullWidth leftSection={<IconUserCircle size={18} aria-hidden />} onClick={loginFromMenu}>
            Regístrate / Iniciar Sesion
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}
