import type { ComponentProps } from 'react';
import { telHref } from '@/lib/phone.ts';
import { cn } from '@/lib/utils.ts';

/** A phone number a phone can dial with one tap. */
export function PhoneLink({
  phone,
  className,
  ...props
}: Omit<ComponentProps<'a'>, 'href' | 'children'> & { phone: string }) {
  return (
    <a
      href={telHref(phone)}
      className={cn(
        'font-medium whitespace-nowrap text-foreground underline underline-offset-4',
        className,
      )}
      {...props}
    >
      {phone}
    </a>
  );
}
