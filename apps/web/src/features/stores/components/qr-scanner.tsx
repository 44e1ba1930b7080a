import { useEffect, useRef, useState } from 'react';
import { t } from '../messages';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (options: { formats: string[] }) => Detector;

function detectorCtor(): DetectorCtor | null {
  const ctor: unknown = typeof window === 'undefined' ? undefined : Reflect.get(window, 'BarcodeDetector');
  return typeof ctor === 'function' ? (ctor as DetectorCtor) : null;
}

/** The camera can read QR codes here (BarcodeDetector and a camera API). */
export function canScan(): boolean {
  return detectorCtor() !== null && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
}

/** The rear camera through BarcodeDetector; calls `onCode` once with the first QR it reads. */
export function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const Ctor = detectorCtor();
    if (!Ctor) {
      setFailed(true);
      return;
    }
    const detector = new Ctor({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (stopped || !video.current) return;
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
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
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
    <div className="qr-scanner" data-testid="qr-scanner">
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
