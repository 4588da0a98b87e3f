import { lazy } from 'react';

/** The ALTCHA widget (ProofOfWorkCaptcha), loaded only when someone chooses it. */
export const LazyProofOfWorkCaptcha = lazy(() => import('./ProofOfWorkCaptcha'));
