import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';

/**
 * SPEC §4 phases, announced. The live region is always in place and its
 * words arrive a moment after it mounts: a region that is born with its text
 * (the dialog remounts its content between phases) is not read out.
 */
export function PaymentStatus({ message }: { message: string }) {
  const [shown, setShown] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(message), 50);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div
      role="status"
      className={message ? 'flex flex-col items-center gap-3 py-10 text-center' : 'sr-only'}
    >
      {message && <Spinner className="size-8 text-brand" />}
      {shown === message && <p className="text-base font-medium">{message}</p>}
    </div>
  );
}
