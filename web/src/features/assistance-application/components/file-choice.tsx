import type { ComponentProps } from 'react';
import { FileUp } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { cn } from '@/lib/utils.ts';

export type FileChoiceProps = Omit<ComponentProps<'input'>, 'type' | 'className' | 'id'> & {
  id: string;
  /** What to choose, e.g. "Choose a photo or PDF": the button's words and the field's name. */
  label: string;
};

/**
 * A file field whose button speaks the page's language. The browser words its
 * own button ("Choose Files", "No file chosen") in the browser's language, so
 * a Spanish page in an English browser mixed the two. The input stays in the
 * tab order, out of sight; its label is the button, and shows the focus ring
 * the hidden input cannot.
 */
export function FileChoice({ id, label, ...inputProps }: FileChoiceProps) {
  return (
    <div className="flex flex-col">
      <input id={id} type="file" className="peer sr-only" {...inputProps} />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'secondary' }),
          'self-stretch whitespace-normal sm:self-start',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          'peer-aria-invalid:border-danger',
        )}
      >
        <FileUp aria-hidden="true" />
        {label}
      </label>
    </div>
  );
}
