import type { ComponentProps } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils.ts';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({
  className,
  align = 'center',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={12}
        className={cn(
          'z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-border bg-surface p-4 text-sm text-surface-foreground shadow-lg focus-visible:outline-2 focus-visible:outline-ring',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
