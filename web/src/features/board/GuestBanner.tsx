import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useLoginPrompt } from '../accounts';

/** Only a UI preference lives in Web Storage, never personal data (architecture principle 4). */
const DISMISSED_KEY = 'bolsa.guestBanner.dismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function GuestBanner() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const { openLogin } = useLoginPrompt();
  if (dismissed) return null;

  const continueAsGuest = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage can be blocked (private mode); hiding for this page view is enough.
    }
    setDismissed(true);
  };

  return (
    <Alert
      variant="light"
      color="brand"
      radius="md"
      icon={<IconUserCircle aria-hidden />}
      title="¿Ya tienes una cuenta?"
      mb="lg"
    >
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
    </Alert>
  );
}
