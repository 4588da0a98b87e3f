import { useApolloClient } from '@apollo/client/react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { ROLE, PROFILE_MESSAGES as M } from '@bolsa/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTrackDialog } from '../../lib/dialog-activity';
import { useSession } from '../session';
import { MY_PROFILE } from './operations';
import { profileGaps } from './profile-gaps';

/** Where 'Ir a mi perfil' leads: the profile tab with the form open. */
const PROFILE_EDIT_PATH = '/perfil?tab=perfil&editar=1';

/**
 * The profile gate (spec 1 §2.8): a candidate entering any page but /perfil has the profile
 * fetched; an incomplete one gets 'Completa tu perfil', which cannot be dismissed, and its only way
 * on is 'Ir a mi perfil'. A failed fetch lets the candidate continue.
 */
export function ProfileGate() {
  const { viewer, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [blocked, setBlocked] = useState(false);
  const candidate = viewer?.roleId === ROLE.CANDIDATE;
  const onProfile = pathname === '/perfil' || pathname.startsWith('/perfil/');

  useEffect(() => {
    if (!candidate || onProfile) {
      setBlocked(false);
      return;
    }
    let live = true;
    client
      .query({ query: MY_PROFILE, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        const profile = data?.myProfile;
        if (live) setBlocked(Boolean(profile) && !profileGaps(profile!).complete);
      })
      .catch(() => {
        if (live) setBlocked(false);
      });
    return () => {
      live = false;
    };
  }, [candidate, onProfile, pathname, viewer?.id, client]);

  const opened = blocked && candidate && !onProfile;
  useTrackDialog(opened);
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={M.gateTitle}
    >
      <Stack gap="lg">
        <Text>
          Para continuar, completa o actualiza tus datos y documentos, incluida una fotografía. Después podrás
          actualizar también tus experiencias y referencias.
        </Text>
        <Stack gap="xs">
          <Button data-autofocus onClick={() => navigate(PROFILE_EDIT_PATH)}>
            {M.gateButton}
          </Button>
          {/* The overlay covers the navigation bar: the way out is here (issue 20). */}
          <Button variant="default" onClick={() => void logout()}>
            Cerrar sesión
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
