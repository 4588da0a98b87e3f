import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Form message banners disappear after 3 s (spec 2 §2, §9). */
export const BANNER_MS = 3000;

export interface BannerMessage {
  title: string;
  message: string;
  tone?: 'error' | 'warning' | 'info' | 'success';
}

/** A message banner that hides itself after 3 s; `show` restarts the clock. */
export function useBanner() {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setBanner(null);
  }, []);
  const show = useCallback((b: BannerMessage) => {
    if (timer.current) clearTimeout(timer.current);
    setBanner(b);
    timer.current = setTimeout(() => {
      timer.current = null;
      setBanner(null);
    }, BANNER_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { banner, show, clear };
}

const TONES = {
  error: { color: 'red', icon: <IconAlertTriangle size={20} aria-hidden /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={20} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={20} aria-hidden /> },
  success: { color: 'green', icon: <IconCircleCheck size={20} aria-hidden /> },
} as const;

export function FormBanner({ banner, onClose }: { banner: BannerMessage | null; onClose: () => void }) {
  if (!banner) return null;
  const tone = TONES[banner.tone ?? 'error'];
  return (
    <Alert
      role="alert"
      color={tone.color}
      variant="light"
      title={banner.title}
      icon={tone.icon}
      withCloseButton
      closeButtonLabel="Cerrar mensaje"
      onClose={onClose}
    >
      {banner.message}
    </Alert>
  );
}
