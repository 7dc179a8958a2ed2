import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Mounts `children` (lazily loaded listeners of a window event, such as the
 * error modals) when the event is first dispatched, so pages load without
 * them. Events dispatched before they are ready are held and dispatched
 * again once they listen.
 */
export function LoadOnEvent({ event, children }: { event: string; children: ReactNode }) {
  const heldEvents = useRef<CustomEvent[]>([]);
  const listening = useRef(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const hold = (dispatched: Event) => {
      if (listening.current || !(dispatched instanceof CustomEvent)) return;
      heldEvents.current.push(dispatched);
      setWanted(true);
    };
    window.addEventListener(event, hold);
    return () => window.removeEventListener(event, hold);
  }, [event]);

  const redispatch = useCallback(() => {
    listening.current = true;
    for (const held of heldEvents.current.splice(0)) {
      window.dispatchEvent(new CustomEvent(held.type, { detail: held.detail as unknown }));
    }
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {children}
      <WhenListening onListening={redispatch} />
    </Suspense>
  );
}

/** Rendered after the listeners, so its effect runs once theirs have subscribed. */
function WhenListening({ onListening }: { onListening: () => void }) {
  useEffect(onListening, [onListening]);
  return null;
}
