import { useId } from 'react';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils.ts';

export interface AutopaySwitchProps {
  /** The visible label, e.g. "Autopay"; it is the switch's accessible name. */
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Ids of text that says more about the switch (what it charges, why it is off). */
  describedBy?: string;
  className?: string;
}

/**
 * An on/off switch with its label beside it, the whole row a 44 px target,
 * as plan setup and the autopay settings use it.
 */
export function AutopaySwitch({
  label,
  checked,
  onCheckedChange,
  disabled,
  describedBy,
  className,
}: AutopaySwitchProps) {
  const id = useId();
  return (
    <div className={cn('flex min-h-11 items-center gap-3', className)}>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-muted-foreground/40 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand motion-reduce:transition-none"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-6 rounded-full bg-surface shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 motion-reduce:transition-none" />
      </SwitchPrimitive.Root>
      <label
        htmlFor={id}
        className="cursor-pointer text-sm font-medium peer-disabled:cursor-not-allowed"
      >
        {label}
      </label>
    </div>
  );
}
