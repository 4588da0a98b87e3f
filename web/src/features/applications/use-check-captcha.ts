import { useCallback, useState } from 'react';
import type { Challenge } from '../accounts';

/**
 * The captcha the duplicate check asks for past its per-address limit (issue 22): the image and
 * the characters read, or the accessible proof of work. Each answer is sent once (single use).
 */
export function useCheckCaptcha() {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  /** What the server said with it: the request, or that the answer was wrong. */
  const [message, setMessage] = useState<string | null>(null);
  const [wrong, setWrong] = useState(false);
  const [answer, setAnswer] = useState('');
  const [accessible, setAccessible] = useState(false);
  const [proof, setProof] = useState<string | null>(null);
  /** Bumped after each proof sent: the widget starts over. */
  const [round, setRound] = useState(0);
  const [missing, setMissing] = useState(false);

  const ask = useCallback((next: Challenge, text: string | null | undefined, answered: boolean) => {
    setChallenge(next);
    setMessage(text ?? null);
    setWrong(answered);
    setAnswer('');
    setMissing(false);
  }, []);

  /** The check's captcha variables, or null while one is shown and not answered yet. */
  const variables = (): { captchaId?: string; captchaAnswer?: string; captchaProof?: string } | null => {
    if (!challenge) return {};
    if (accessible) {
      if (!proof) return null;
      setProof(null);
      setRound((r) => r + 1);
      return { captchaProof: proof };
    }
    if (!answer.trim()) return null;
    return { captchaId: challenge.id, captchaAnswer: answer.trim() };
  };

  const solved = useCallback(() => {
    setChallenge(null);
    setMessage(null);
    setWrong(false);
    setAnswer('');
    setMissing(false);
  }, []);

  return {
    challenge,
    message,
    wrong,
    answer,
    setAnswer: (v: string) => {
      setAnswer(v);
      setMissing(false);
    },
    accessible,
    setAccessible: (v: boolean) => {
      setAccessible(v);
      setProof(null);
      setMissing(false);
    },
    proof,
    setProof,
    round,
    missing,
    setMissing,
    ask,
    variables,
    solved,
  };
}

export type CheckCaptcha = ReturnType<typeof useCheckCaptcha>;
