import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The QR code's side in CSS pixels: fixed, so nothing moves when it is drawn. */
export const OTPAUTH_QR_PX = 192;

/**
 * An authenticator app's `otpauth://` URI as a QR code, drawn in the browser as SVG (the URI holds the secret:
 * it never goes to a server to be drawn). Error correction M, a 4-module quiet zone on white.
 */
export function OtpauthQr({ uri, label }: { uri: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y++) {
      let x = 0;
      while (x < modules.size) {
        if (!modules.data[y * modules.size + x]) {
          x++;
          continue;
        }
        const start = x;
        while (x < modules.size && modules.data[y * modules.size + x]) x++;
        d += `M${start + 4} ${y + 4}h${x - start}v1h${start - x}z`;
      }
    }
    return { size: modules.size + 8, path: d };
  }, [uri]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={OTPAUTH_QR_PX}
      height={OTPAUTH_QR_PX}
      shapeRendering="crispEdges"
      className="shrink-0 rounded-lg bg-white"
      data-testid="two-factor-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
