import { useApolloClient } from '@apollo/client/react';
import 'altcha/external';
import 'altcha/i18n/es-419';
import 'altcha/altcha.css';
import './altcha-theme.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { createElement, useEffect, useRef } from 'react';
import { NEW_PROOF_OF_WORK } from './operations';

// Only PBKDF2 is registered: the worker is a built file under /assets (CSP worker-src 'self').
for (const algorithm of ['PBKDF2/SHA-256']) {
  if (!globalThis.$altcha.algorithms.has(algorithm))
    globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

interface ProofOfWorkCaptchaProps {
  /** The widget's payload once verified, null while not (or after it expired / was reset). */
  onProof: (payload: string | null) => void;
  /** Bumped after every failed registration: the proof was spent, the widget starts over. */
  round: number;
}

/**
 * The accessible alternative to the image captcha (issue 20): the ALTCHA widget, in Spanish. The
 * candidate ticks «No soy un robot» (a real checkbox, reachable with Tab, Space ticks it); the
 * browser then solves the BFF's proof-of-work challenge in a worker and the widget announces
 * «Verificado». Loaded lazily, only when the candidate chooses it.
 */
export default function ProofOfWorkCaptcha({ onProof, round }: ProofOfWorkCaptchaProps) {
  const client = useApolloClient();
  const ref = useRef<HTMLElement & { configure?: (c: object) => Promise<void>; reset?: () => void }>(null);
  const onProofRef = useRef(onProof);
  onProofRef.current = onProof;

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    // The widget "fetches" its challenge through GraphQL, so a new one comes on every retry or expiry.
    const fetchChallenge: typeof fetch = async () => {
      const { data } = await client.mutate({ mutation: NEW_PROOF_OF_WORK, fetchPolicy: 'no-cache' });
      const challenge = data?.newProofOfWork.challenge;
      if (!challenge) return new Response('{}', { status: 503 });
      return new Response(challenge, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    void widget.configure?.({
      challenge: '/graphql#newProofOfWork',
      fetch: fetchChallenge,
      language: 'es-419',
      hideFooter: true,
      hideLogo: true,
      humanInteractionSignature: false,
      workers: 1,
      minDuration: 0,
    });
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string | null }>).detail;
      onProofRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [client]);

  useEffect(() => {
    if (round > 0) {
      ref.current?.reset?.();
      onProofRef.current(null);
    }
  }, [round]);

  return createElement('altcha-widget', { ref, name: 'altcha', language: 'es-419' });
}
