import { useEffect, useRef, useState } from 'react';
import { t } from '../messages';
import { createQrDetector, type Detector, hasCamera, readerKind } from './qr-detector';

/** A camera is there: the scan button shows (BarcodeDetector, or the ZXing fallback loaded on tap). */
export function canScan(): boolean {
  return hasCamera();
}

/** The rear camera through the QR reader (qr-detector.ts); calls `onCode` once with the first QR it reads. */
export function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let detector: Detector | null = null;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (stopped || !video.current || !detector) return;
      try {
        const found = await detector.detect(video.current);
        const code = found[0]?.rawValue;
        if (code) {
          onCode(code);
          return;
        }
      } catch {
        // Frames before the video has data: try the next one.
      }
      timer = setTimeout(() => void tick(), 250);
    };
    Promise.all([createQrDetector(), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })])
      .then(async ([d, s]) => {
        detector = d;
        stream = s;
        if (stopped || !video.current) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);
  return (
    <div className="qr-scanner" data-testid="qr-scanner" data-reader={readerKind()}>
      {failed ? (
        <p className="qr-scanner__note">{t('redeem.noCamera')}</p>
      ) : (
        <>
          <video ref={video} muted playsInline />
          <span className="qr-scanner__frame" aria-hidden="true" />
          <p className="qr-scanner__note">{t('redeem.scanning')}</p>
        </>
      )}
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {t('modal.close')}
      </button>
    </div>
  );
}
