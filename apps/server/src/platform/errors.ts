import { ERRORS, type ErrorName, type Locale } from '@campaign/contract';

/**
 * A failure the user is told about. `name` picks the catalogue entry (code, HTTP status, message in
 * each language); `detail` is appended to the message (e.g. which field was wrong) and must never hold internals.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly detail: string | Partial<Record<Locale, string>> | undefined;
  /** Field → message (in the request's language) of a refused input: the envelope's `fields`. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /**
   * More the client needs to act on the refusal, beside `data` (the message): e.g. `conflict` with both
   * versions of a campaign draft two people saved at once (docs/decisions/0340-console-campaigns.md).
   */
  readonly extra: Readonly<Record<string, unknown>> | undefined;
  constructor(
    name: ErrorName,
    detail?: string | Partial<Record<Locale, string>>,
    opts: { fields?: Readonly<Record<string, string>>; extra?: Readonly<Record<string, unknown>> } = {},
  ) {
    // The message (logs, CLI) carries the detail in English; users get messageFor(locale).
    const d = typeof detail === 'string' ? detail : detail?.['en-US'];
    super(d ? `${name}: ${d}` : name);
    this.errorName = name;
    this.detail = detail;
    this.fields = opts.fields;
    this.extra = opts.extra;
  }
  get status(): number {
    return ERRORS[this.errorName].status;
  }
  get code(): number {
    return ERRORS[this.errorName].code;
  }
  /** The error envelope: `{ code, data: message }`, with `fields` when the input was refused field by field. */
  envelope(locale: Locale): { code: number; data: string; fields?: Readonly<Record<string, string>> } {
    const data = this.messageFor(locale);
    const env = this.fields ? { code: this.code, data, fields: this.fields } : { code: this.code, data };
    return this.extra ? { ...this.extra, ...env } : env;
  }
  messageFor(locale: Locale): string {
    const base = ERRORS[this.errorName].message[locale];
    const d = typeof this.detail === 'string' ? this.detail : this.detail?.[locale];
    if (!d) return base;
    return locale === 'zh-CN' ? `${base}：${d}` : `${base}: ${d}`;
  }
}

/**
 * A refusal the server gives by design past capacity (429 "try again"): a burst throws thousands a second, and
 * capturing a stack trace was most of each one's cost (5% of a worker's CPU in bench:draw) while telling nothing.
 */
export function refusal(name: ErrorName): AppError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new AppError(name);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export const fail = (name: ErrorName, detail?: string | Partial<Record<Locale, string>>): never => {
  throw new AppError(name, detail);
};
