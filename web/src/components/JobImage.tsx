import { AspectRatio, Image } from '@mantine/core';
import defaultJobImage from '../assets/default-job.svg';

interface JobImageProps {
  src: string | null | undefined;
  alt: string;
  /** Above-the-fold images (the open vacancy) should not wait for lazy loading. */
  eager?: boolean;
  radius?: number | string;
}

/** A vacancy image at a fixed 16:9 ratio, with the default job image when missing or broken. */
export function JobImage({ src, alt, eager = false, radius = 0 }: JobImageProps) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Image
        src={src || defaultJobImage}
        fallbackSrc={defaultJobImage}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fit="cover"
        radius={radius}
      />
    </AspectRatio>
  );
}
