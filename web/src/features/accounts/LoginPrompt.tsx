import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// The dialog and its rules (the CUI check carries the list of municipalities) load on first use.
const LoginModal = lazy(async () => ({ default: (await import('./LoginModal')).LoginModal }));

export interface LoginPromptOptions {
  /** Where the candidate goes after logging in, instead of /perfil (a signed link they opened). */
  returnTo?: string;
}

interface LoginPrompt {
  /** Opens 'Regístrate / Iniciar Sesion', optionally tied to the vacancy being applied to. */
  openLogin: (vacancyId?: string | null, options?: LoginPromptOptions) => void;
}

const LoginPromptContext = createContext<LoginPrompt | null>(null);

/**
 * Owns the candidate login/registration dialog so that the navigation bar, the guest banner and
 * the application form all open the same one.
 */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  /** `times` counts openings: 0 until the dialog is first wanted. */
  const [state, setState] = useState<{
    opened: boolean;
    vacancyId: string | null;
    returnTo: string | null;
    times: number;
  }>({
    opened: false,
    vacancyId: null,
    returnTo: null,
    times: 0,
  });
  // Anything but a string (say, a click event passed along by mistake) is "no vacancy".
  const openLogin = useCallback((vacancyId?: string | null, options?: LoginPromptOptions) => {
    setState((s) => ({
      opened: true,
      vacancyId: typeof vacancyId === 'string' ? vacancyId : null,
      returnTo: typeof options?.returnTo === 'string' ? options.returnTo : null,
      times: s.times + 1,
    }));
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  const value = useMemo(() => ({ openLogin }), [openLogin]);
  return (
    <LoginPromptContext value={value}>
      {children}
      {state.times > 0 && (
        <Suspense fallback={null}>
          {/* A new dialog each time it opens: no stale error or password from the last time. */}
          <LoginModal
            key={state.times}
            opened={state.opened}
            onClose={close}
            vacancyId={state.vacancyId}
            returnTo={state.returnTo}
          />
        </Suspense>
      )}
    </LoginPromptContext>
  );
}

export function useLoginPrompt(): LoginPrompt {
  const ctx = useContext(LoginPromptContext);
  if (!ctx) throw new Error('useLoginPrompt must be used inside <LoginPromptProvider>');
  return ctx;
}
