import { useMemo } from 'react';
import { qrPath } from '../utils/qr-path.ts';

/**
 * A QR code drawn as SVG, black on white whatever the theme (scanners need
 * the contrast), with the quiet zone the standard asks for.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  const quiet = 4;
  const full = size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${full} ${full}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md bg-white"
    >
      <rect x={-quiet} y={-quiet} width={full} height={full} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
