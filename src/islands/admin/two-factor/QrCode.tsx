/**
 * The otpauth:// URI as a QR code, drawn in the page as SVG (uqr: no dependencies, a few KB):
 * 228 × 228 px as the spec asks, dark modules as one path on white with the quiet zone.
 */
import { encode } from 'uqr';

export const QR_SIZE = 228;

export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg className="two-factor-qr" role="img" aria-label={label} width={QR_SIZE} height={QR_SIZE} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
