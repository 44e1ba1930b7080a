import type { DataOf, Endpoint } from '@campaign/contract';
import { BusinessError, CallFailure, HttpStatusError } from '../../../api/errors';
import type { CallArgs, CallLoose, CallOptions } from '../../../api/request';

export interface RecordedCall {
  path: string;
  args: (CallArgs<Endpoint> | CallOptions) & { query?: unknown; body?: unknown };
}

/**
 * A fake request function for unit tests: `answer(path, args)` returns the data (validated by the
 * endpoint's own schema, so fixtures cannot drift from the contract) or throws.
 */
export function fakeCall(answer: (path: string, args: RecordedCall['args']) => unknown): {
  call: CallLoose;
  calls: RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  const call: CallLoose = async <E extends Endpoint>(ep: E, args: CallArgs<E> | CallOptions = {}) => {
    const recorded = args as RecordedCall['args'];
    calls.push({ path: ep.path, args: recorded });
    const value = await answer(ep.path, recorded);
    // Fixtures go through the contract schema: the parsed value is DataOf<E> by construction.
    return ep.data.parse(value) as DataOf<E>;
  };
  return { call, calls };
}

export const networkFailure = () => new CallFailure(new TypeError('Failed to fetch'), 'offline');
export const businessFailure = (code: number, message = 'refused') =>
  new CallFailure(new BusinessError(code, message, 200), message);
export const statusFailure = (status: number) =>
  new CallFailure(new HttpStatusError(status, `status ${status}`), `status ${status}`);
