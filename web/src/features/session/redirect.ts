/*
 * The 'redirect after login' path (spec 1 §2.1): a UI flag, the only kind of thing the web keeps
 * in Web Storage — never a token or personal data.
 */
export const REDIRECT_KEY = 'bolsa.redirectAfterLogin';

export function storeRedirectAfterLogin(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    // Storage blocked (private mode): the login flow navigates on its own anyway.
  }
}

/** Reads the stored path and forgets it: it is followed once. Only same-site paths are accepted. */
export function takeRedirectAfterLogin(): string | null {
  try {
    const path = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function clearRedirectAfterLogin(): void {
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // nothing to clear
  }
}
