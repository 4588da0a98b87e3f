import { Button, Group, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { forwardRef, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLoginPrompt } from '../accounts';
import { useSession } from '../session';
import classes from './GuestBanner.module.css';

/** Only a UI preference lives in Web Storage, never personal data (architecture principle 4). */
const DISMISSED_KEY = 'bolsa.guestBanner.dismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}
const unchanging = () => () => {};
/** What the prerendered pages show: the build cannot know this tab's storage. */
const notDismissed = () => false;

/**
 * Above the board (spec 1 §2.6's banner): a logged-in candidate sees whose session it is; an
 * anonymous visitor is invited to log in or go on as a guest.
 */
export function GuestBanner() {
  const { viewer } = useSession();
  if (viewer) return <SignedInBanner name={viewer.name} />;
  return <InvitationBanner />;
}

/**
 * The banner's box: plain elements on Mantine's CSS variables (it looks like a light brand
 * Alert) so that the home page's first visit does not carry Alert's code; and no role="alert",
 * since a greeting is not news a screen reader should interrupt with.
 */
const Banner = forwardRef<HTMLDivElement, { title: string; children: ReactNode }>(function Banner(
  { title, children },
  ref,
) {
  return (
    <div ref={ref} className={classes.banner}>
      <IconUserCircle aria-hidden className={classes.icon} />
      <div className={classes.body}>
        <p className={classes.title}>{title}</p>
        {children}
      </div>
    </div>
  );
});

function SignedInBanner({ name }: { name: string }) {
  return (
    <Banner title={`Hola, ${name}`}>
      <Text size="sm">Has iniciado sesión: al postularte usaremos los datos de tu perfil.</Text>
    </Banner>
  );
}

function InvitationBanner() {
  // Hydrating a prerendered page, the first render shows the banner as the copy does (else React
  // finds a mismatch); it goes right after if it was dismissed in this tab. Rendered in the browser
  // from the start, it reads the tab's storage at once.
  const dismissedBefore = useSyncExternalStore(unchanging, readDismissed, notDismissed);
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = dismissedBefore || dismissedNow;
  const { openLogin } = useLoginPrompt();
  const banner = useRef<HTMLDivElement>(null);
  if (dismissed) return null;

  const continueAsGuest = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage can be blocked (private mode); hiding for this page view is enough.
    }
    // The button goes with the banner: the focus moves on to what follows it (issue 20), not
    // back to the top of the page ('Saltar al contenido').
    const next = banner.current ? nextFocusable(banner.current) : null;
    setDismissed(true);
    requestAnimationFrame(() => next?.focus());
  };

  return (
    <Banner ref={banner} title="¿Ya tienes una cuenta?">
      <Text size="sm">
        Inicia sesión para postularte más rápido con los datos de tu perfil y dar seguimiento a tus postulaciones. Si lo
        prefieres, continúa como invitado: puedes postularte enviando solo tu CV y tus datos básicos.
      </Text>
      <Group mt="sm" gap="sm">
        <Button size="sm" onClick={() => openLogin()}>
          Iniciar sesión
        </Button>
        <Button size="sm" variant="default" onClick={continueAsGuest}>
          Continuar como invitado
        </Button>
      </Group>
    </Banner>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first element after `el` (not inside it) that takes the focus. */
function nextFocusable(el: HTMLElement): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (!el.contains(candidate) && el.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)
      return candidate;
  return null;
}
