import { t } from '../shared/i18n/messages';

/** A status outside 2xx/400/401: carries the mapped message (spec §8). */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An envelope with a non-zero code: `data` is the message (spec §5, §8). */
export class BusinessError extends Error {
  override readonly name = 'BusinessError';
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** A refused input, field by field: `body.name` → message (the envelope's `fields`). */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** Request errors are the ones the server told us about; anything else is a "page error". */
export type RequestError = HttpStatusError | BusinessError;

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof HttpStatusError || error instanceof BusinessError;
}

/**
 * What every failed call rejects with: the spec's fixed message "请求错误，请稍后再试！", with the
 * original error as `cause` and its code/status copied out so screens can show inline errors.
 */
export class CallFailure extends Error {
  override readonly name = 'CallFailure';
  readonly code: number | undefined;
  readonly status: number | undefined;
  /** The message the toast showed (or would have shown). */
  readonly detail: string;
  /** A refused input, field by field (`body.name` → message), for a form to show under its inputs. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(cause: unknown, detail: string) {
    super(t('request.failed'), { cause });
    this.code = cause instanceof BusinessError ? cause.code : undefined;
    this.fields = (cause instanceof BusinessError ? cause.fields : undefined) ?? {};
    this.status = cause instanceof HttpStatusError || cause instanceof BusinessError ? cause.status : undefined;
    this.detail = detail;
  }
}
