import { Modal, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { usePhoneDialog, useReturnFocus } from '../../components/dialog-layer';
import { useState } from 'react';
import { useTrackDialog } from '../../lib/dialog-activity';
import { LoginForm } from './LoginForm';
import { RegistrationForm, registrationDefaults, type RegistrationValues } from './RegistrationForm';

export type LoginTab = 'login' | 'register';

export interface LoginModalProps {
  opened: boolean;
  onClose: () => void;
  /** The vacancy the visitor was applying to, when the dialog was opened from one. */
  vacancyId?: string | null;
  /** Where to go after logging in instead of /perfil. */
  returnTo?: string | null;
  initialTab?: LoginTab;
}

/**
 * 'Regístrate / Iniciar Sesion' (spec 1 §2.3, §4, §5.1, §8): two tabs over one dialog. The
 * registration form lives here so that moving between the tabs keeps what was typed.
 */
export function LoginModal({
  opened,
  onClose,
  vacancyId = null,
  returnTo = null,
  initialTab = 'login',
}: LoginModalProps) {
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [loginEmail, setLoginEmail] = useState('');
  /** Bumped when a tab switch must clear the alerts (spec: switching tabs clears the error). */
  const [generation, setGeneration] = useState(0);
  const [registeredNotice, setRegisteredNotice] = useState(false);
  const mobile = usePhoneDialog();
  useTrackDialog(opened);
  useReturnFocus(opened);

  const registration = useForm<RegistrationValues>({ mode: 'controlled', initialValues: registrationDefaults() });

  const switchTab = (next: LoginTab) => {
    if (next === tab) return;
    setTab(next);
    setGeneration((g) => g + 1);
    setRegisteredNotice(false);
  };

  const registerWithEmail = (email: string) => {
    registration.setFieldValue('email', email);
    switchTab('register');
  };

  const registered = (email: string) => {
    registration.setValues(registrationDefaults());
    setLoginEmail(email);
    setTab('login');
    setGeneration((g) => g + 1);
    setRegisteredNotice(true);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Accede a tu cuenta" centered size="lg" fullScreen={mobile}>
      <Tabs value={tab} onChange={(v) => switchTab(v === 'register' ? 'register' : 'login')} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="login">Iniciar Sesión</Tabs.Tab>
          <Tabs.Tab value="register">Registrarse</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm
            key={`login-${generation}`}
            email={loginEmail}
            onEmailChange={setLoginEmail}
            registeredNotice={registeredNotice}
            vacancyId={vacancyId}
            returnTo={returnTo}
            onRegisterWithEmail={registerWithEmail}
            onDone={onClose}
          />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <RegistrationForm key={`register-${generation}`} form={registration} onRegistered={registered} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
