import { useState, type ComponentProps } from 'react';
import { DEFAULT_BRANDING } from '@/config/constants.ts';
import { cn } from '@/lib/utils.ts';

type LogoProps = Omit<ComponentProps<'img'>, 'src' | 'alt'> & {
  /** The accessible name; the portal name wherever the logo stands for the portal. */
  alt: string;
  src?: string;
};

/** The provider's logo, falling back to the bundled mark if theirs cannot be loaded. */
export function Logo({ alt, src = DEFAULT_BRANDING.logoUrl, className, ...props }: LogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const effectiveSrc = failedSrc === src ? DEFAULT_BRANDING.logoUrl : src;
  return (
    <img
      src={effectiveSrc}
      alt={alt}
      width={40}
      height={40}
      className={cn('size-10 shrink-0', className)}
      onError={() => setFailedSrc(src)}
      {...props}
    />
  );
}
