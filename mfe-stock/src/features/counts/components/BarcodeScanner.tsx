import { Alert, Modal, Stack, Text } from '@backoffice/ui';
import { useEffect, useRef, useState } from 'react';
import { READER_LABELS, cameraError, startReading, type ReaderKind } from '../barcode';

/** "Ler código de barras": the camera's preview; the first code read is handed over and the dialog closes. */
export function BarcodeScanner({ opened, onClose, onCode }: { opened: boolean; onClose: () => void; onCode: (code: string, kind: ReaderKind) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Ler código de barras" centered>
      {opened && <CameraPreview onCode={onCode} />}
    </Modal>
  );
}

function CameraPreview({ onCode }: { onCode: (code: string, kind: ReaderKind) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [kind, setKind] = useState<ReaderKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest callback, without restarting the camera when the parent re-renders.
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let closed = false;
    const element = video.current;
    if (!element) return undefined;
    startReading(element, (code, kind) => handler.current(code, kind))
      .then((reading) => {
        if (closed) reading.stop();
        else {
          stop = reading.stop;
          setKind(reading.kind);
        }
      })
      .catch((e: unknown) => {
        if (!closed) setError(cameraError(e));
      });
    return () => {
      closed = true;
      stop?.();
    };
  }, []);

  return (
    <Stack gap="xs">
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <video ref={video} aria-label="Câmera" muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
      <Text size="sm">Aponte a câmera para o código de barras (GTIN ou SKU) do material.</Text>
      {kind && <Text size="xs" c="dimmed">Leitor: {READER_LABELS[kind]}</Text>}
    </Stack>
  );
}
