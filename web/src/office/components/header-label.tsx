import { splitNearMiddle } from '../lib/split-near-middle.ts';

/**
 * A header label on two lines between 1280 and 1599 px wide, on one line
 * otherwise. At that width the console's header holds every page's link,
 * who is signed in and the ways out on one row only if its longest labels
 * ("Oficina de facturación", "Cerrar todas las sesiones") stand as the
 * name and role do, one part over the other. Nothing is shortened: what
 * is read aloud, and what a narrower header shows, is the whole label.
 */
export function HeaderLabel({ children }: { children: string }) {
  const parts = splitNearMiddle(children);
  if (!parts) return children;
  return (
    <span className="xl:max-[1599px]:flex xl:max-[1599px]:flex-col xl:max-[1599px]:text-left xl:max-[1599px]:leading-tight">
      <span>{parts[0]}</span> <span>{parts[1]}</span>
    </span>
  );
}
