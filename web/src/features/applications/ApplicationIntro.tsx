import { Alert, Anchor, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { BRANCH_MESSAGES, type ApplicationMode } from '@bolsa/domain';
import type { ApplicationVacancy } from './types';

interface ApplicationIntroProps {
  vacancy: ApplicationVacancy;
  mode: ApplicationMode;
  viewerName: string | null;
  /** The guest's link to log in with what was written so far. */
  onLogin: () => void;
}

/** The top of the form: the vacancy, and who is applying (the candidate) or how to (a guest). */
export function ApplicationIntro({ vacancy, mode, viewerName, onLogin }: ApplicationIntroProps) {
  return (
    <>
      <div>
        <Text fw={700} size="lg" component="h3" m={0}>
          {vacancy.name}
        </Text>
        <Text size="sm" c="dimmed">
          {[vacancy.branchName, vacancy.place].filter(Boolean).join(' · ') || BRANCH_MESSAGES.notSpecified}
        </Text>
      </div>

      {mode === 'registered' ? (
        <Alert
          variant="light"
          color="brand"
          icon={<IconUserCircle aria-hidden />}
          title={`Postulando como ${viewerName ?? ''}`}
        >
          <Text size="sm">Tu postulación quedará en tu perfil, donde podrás seguir su estado.</Text>
        </Alert>
      ) : (
        <Alert
          variant="light"
          color="brand"
          icon={<IconUserCircle aria-hidden />}
          title="¿Quieres dar seguimiento a tu postulación?"
        >
          <Text size="sm">
            Crea una cuenta o{' '}
            <Anchor component="button" type="button" fz="sm" onClick={onLogin}>
              inicia sesión
            </Anchor>{' '}
            para postularte con los datos de tu perfil y ver el estado de tus postulaciones. También puedes continuar
            como invitado enviando tu CV y tus datos básicos.
          </Text>
        </Alert>
      )}
    </>
  );
}
