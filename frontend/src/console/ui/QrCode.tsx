import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/**
 * The authenticator app's QR code as inline SVG: no image request, nothing the CSP must allow.
 * The same secret is shown as text beside it for those who cannot scan.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = useMemo(() => generate(text), [text]);
  const quiet = 4;
  const size = code.size + quiet * 2;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size} height={size} fill="#fff" />
      <path d={toSvgPath(code)} fill="#000" />
    </svg>
  );
}
