import { Fragment } from 'react';
import { cn } from '@/lib/utils.ts';
import { emailBreaks } from '../lib/email-breaks.ts';

/**
 * An e-mail address that wraps at its @ and dots when its column is narrow,
 * and only inside a part when one part alone is wider than the column.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={cn('break-words', className)}>
      {emailBreaks(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
