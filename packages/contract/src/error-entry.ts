import type { Locale } from './locale';

export interface ErrorEntry {
  /** Envelope code. */
  readonly code: number;
  /** HTTP status the server answers with. 200 = a business refusal the client reads from the envelope. */
  readonly status: number;
  readonly message: Readonly<Record<Locale, string>>;
}

export const e = (code: number, status: number, zh: string, en: string): ErrorEntry => ({
  code,
  status,
  message: { 'zh-CN': zh, 'en-US': en },
});
