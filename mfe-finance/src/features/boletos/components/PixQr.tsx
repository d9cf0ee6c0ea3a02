import { Skeleton } from '@backoffice/ui';
import { useEffect, useState } from 'react';

/** The PIX copia e cola as a QR code; the QR library is its own chunk, fetched when a hybrid boleto is shown. */
export function PixQr({ text, size = 180 }: { text: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import(/* webpackChunkName: "qrcode" */ 'qrcode').then((qr) =>
      qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((out) => {
        if (alive) setSvg(out);
      }),
    );
    return () => {
      alive = false;
    };
  }, [text]);
  if (!svg) return <Skeleton width={size} height={size} />;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={size} height={size} alt="QR code PIX do boleto" />;
}
