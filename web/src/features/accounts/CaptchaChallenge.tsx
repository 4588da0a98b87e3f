import { Image, Stack, TextInput } from '@mantine/core';

export interface Challenge {
  id: string;
  image: string;
}

interface CaptchaChallengeProps {
  challenge: Challenge;
  answer: string;
  onAnswer: (answer: string) => void;
}

/**
 * Shown in a login form after the server answered CaptchaRequired (many failed logins on the
 * account): the next attempt carries this captcha's id and answer instead of being locked out.
 */
export function CaptchaChallenge({ challenge, answer, onAnswer }: CaptchaChallengeProps) {
  return (
    <Stack gap={4}>
      <Image
        src={challenge.image}
        w={200}
        h={70}
        radius="sm"
        alt="Código de verificación: seis caracteres en una imagen"
      />
      <TextInput
        label="Código de verificación"
        description="Escribe los caracteres de la imagen; mayúsculas o minúsculas da igual."
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={6}
        value={answer}
        onChange={(e) => onAnswer(e.currentTarget.value)}
      />
    </Stack>
  );
}
