import { ActionIcon, Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandX,
  IconBrandYoutube,
  IconPhone,
  type Icon,
} from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { SITE, type SocialNetwork } from '../../lib/site';
import { Logo } from './Logo';
import classes from './shell.module.css';

const ICONS: Record<SocialNetwork, Icon> = {
  Facebook: IconBrandFacebook,
  Instagram: IconBrandInstagram,
  YouTube: IconBrandYoutube,
  X: IconBrandX,
};

/** The year of the build (vite.config.ts), in which the prerendered pages were written; tests have none. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR ?? new Date().getFullYear());
const unchanging = () => () => {};
const thisYear = () => new Date().getFullYear();
const buildYear = () => BUILD_YEAR;

export function SiteFooter() {
  // Hydrating a prerendered page, the first render shows the year the copy was written with (a
  // different year would be a mismatch); it turns to this year right after. A page rendered in the
  // browser from the start shows this year at once.
  const year = useSyncExternalStore(unchanging, thisYear, buildYear);
  return (
    <Box component="footer" className={classes.footer} py="xl" mt="xl">
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={360}>
            <Logo inverted />
            <Text size="sm" c="white">
              Trabajamos por la salud y el bienestar de las familias guatemaltecas. Únete a nuestro equipo.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Text fw={700} c="white">
              ¿Tienes dudas?
            </Text>
            <Anchor component={Link} to="/preguntas-frecuentes" className={classes.footerLink}>
              <Group gap={6} wrap="nowrap">
                <IconPhone size={18} aria-hidden />
                <span>Llámanos al {SITE.contactNumber}</span>
              </Group>
            </Anchor>
            <Anchor component={Link} to="/preguntas-frecuentes" className={classes.footerLink} fw={400}>
              Preguntas frecuentes
            </Anchor>
          </Stack>
          <Stack gap="xs">
            <Text fw={700} c="white">
              Síguenos
            </Text>
            <Group gap="xs">
              {SITE.social.map(({ label, url }) => {
                const SocialIcon = ICONS[label];
                return (
                  <ActionIcon
                    key={label}
                    component="a"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${label} (se abre en una pestaña nueva)`}
                    variant="white"
                    size="lg"
                    radius="xl"
                  >
                    <SocialIcon size={20} aria-hidden />
                  </ActionIcon>
                );
              })}
            </Group>
          </Stack>
        </Group>
        <Group mt="xl" justify="center" gap="md">
          <Text size="xs" c="white" ta="center">
            © {year} {SITE.name}. Todos los derechos reservados.
          </Text>
          {/* Discreet on purpose: staff know where it is (spec 2 §2). */}
          <Anchor component={Link} to="/reclutadores/login" size="xs" className={classes.footerLink} fw={400}>
            Acceso reclutadores
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
