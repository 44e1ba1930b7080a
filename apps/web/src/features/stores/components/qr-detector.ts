/**
 * The QR reader of the counter (issue 21 §6): the browser's own `BarcodeDetector` where it has one, else the
 * maintained `barcode-detector` ponyfill (ZXing-C++ compiled to WebAssembly). The ponyfill and its wasm are
 * fetched only here, when the clerk taps 扫码, and the wasm comes from this server (never a CDN).
 */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (options: { formats: string[] }) => Detector;

export function nativeDetector(): DetectorCtor | null {
  const ctor: unknown = typeof window === 'undefined' ? undefined : Reflect.get(window, 'BarcodeDetector');
  return typeof ctor === 'function' ? (ctor as DetectorCtor) : null;
}

/** A camera is there to scan with (the fallback decoder covers browsers without BarcodeDetector). */
export function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Which reader this browser uses; 'wasm' loads the ponyfill on first use. */
export function readerKind(): 'native' | 'wasm' {
  return nativeDetector() ? 'native' : 'wasm';
}

export async function createQrDetector(): Promise<Detector> {
  const Native = nativeDetector();
  if (Native) return new Native({ formats: ['qr_code'] });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
