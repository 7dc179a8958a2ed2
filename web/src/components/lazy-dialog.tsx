import { Suspense, type ComponentType } from 'react';
import { lazyWithPreload } from '@/lib/lazy-component.ts';
import { DialogLoading } from './dialog-loading.tsx';

/** A dialog fetched when it first opens; `preload` fetches it sooner, on a sign of intent. */
export type OnDemandDialog<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * Keeps a dialog's code out of the page that opens it: nothing is fetched
 * while `isOpen` says it is closed. Opened before its code has arrived, it
 * shows a spinner named "Loading" over the page, which keeps the page's
 * focus where it was, so the dialog, once shown, returns focus to its opener.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): OnDemandDialog<P> {
  const Loaded = lazyWithPreload(load);
  function DialogOnDemand(props: P) {
    if (!isOpen(props)) return null;
    return (
      <Suspense fallback={<DialogLoading />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  // A failed preload is tried again when the dialog opens.
  const preload = () => void Loaded.preload().catch(() => undefined);
  return Object.assign(DialogOnDemand, { preload });
}
