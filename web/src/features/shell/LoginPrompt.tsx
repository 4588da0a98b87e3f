import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTrackDialog } from '../../lib/dialog-activity';

interface LoginPrompt {
  openLogin: () => void;
}

const LoginPromptContext = createContext<LoginPrompt | null>(null);

/**
 * Owns the candidate login dialog so that the navigation bar, the guest banner and (later) the
 * application form all open the same one. Until candidate accounts exist it only announces them.
 */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  useTrackDialog(opened);
  const value = useMemo(() => ({ openLogin: open }), [open]);
  return (
    <LoginPromptContext value={value}>
      {children}
      <Modal opened={opened} onClose={close} title="Iniciar Sesión" centered>
        <Text>El acceso de candidatos estará disponible muy pronto.</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={close}>Entendido</Button>
        </Group>
      </Modal>
    </LoginPromptContext>
  );
}

export function useLoginPrompt(): LoginPrompt {
  const ctx = useContext(LoginPromptContext);
  if (!ctx) throw new Error('useLoginPrompt must be used inside <LoginPromptProvider>');
  return ctx;
}
