import { Alert, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { APPLICATION_MESSAGES as M, AUTH_MESSAGES } from '@bolsa/domain';
import { Suspense } from 'react';
import { CaptchaChallenge, LazyProofOfWorkCaptcha } from '../accounts';
import type { CheckCaptcha } from './use-check-captcha';

/**
 * Shown above the form's buttons when the duplicate check asked for a captcha (past its
 * per-address limit, issue 22): the registration's image, or its accessible alternative.
 */
export function CheckCaptchaField({ captcha }: { captcha: CheckCaptcha }) {
  const c = captcha.challenge;
  if (!c) return null;
  const error = captcha.missing
    ? captcha.accessible
      ? AUTH_MESSAGES.accessibleCaptchaPending
      : M.checkCaptchaMissing
    : captcha.wrong
      ? AUTH_MESSAGES.captchaWrong
      : null;
  return (
    <Alert
      variant="light"
      color="brand"
      title={M.checkCaptchaTitle}
      icon={<IconShieldCheck aria-hidden />}
      data-testid="verificacion-postulacion"
    >
      <Stack gap="sm">
        <Text size="sm">{M.checkCaptchaRequired}</Text>
        <Checkbox
          label={AUTH_MESSAGES.accessibleCaptcha}
          description={AUTH_MESSAGES.accessibleCaptchaHint}
          checked={captcha.accessible}
          onChange={(e) => captcha.setAccessible(e.currentTarget.checked)}
        />
        {captcha.accessible ? (
          <Suspense fallback={<Loader size="sm" />}>
            <LazyProofOfWorkCaptcha onProof={captcha.setProof} round={captcha.round} />
          </Suspense>
        ) : (
          <CaptchaChallenge challenge={c} answer={captcha.answer} onAnswer={captcha.setAnswer} />
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
