import { endpoints } from '@campaign/contract';
import type { EndpointName, RouteData, RouteMeta } from '@campaign/contract/client';
import { BusinessError, CallFailure, HttpStatusError } from '#web/api/errors';
import type { CallArgs, CallLoose, CallOptions } from '#web/api/request';

export interface RecordedCall {
  path: string;
  args: (CallArgs<EndpointName> | CallOptions) & { query?: unknown; body?: unknown };
}

/**
 * A fake request function for unit tests: `answer(path, args)` returns the data (validated by the
 * endpoint's own schema from the full contract, so fixtures cannot drift from it) or throws.
 */
export function fakeCall(answer: (path: string, args: RecordedCall['args']) => unknown): {
  call: CallLoose;
  calls: RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  const call: CallLoose = async <N extends EndpointName>(ep: RouteMeta<N>, args: CallArgs<N> | CallOptions = {}) => {
    const recorded: RecordedCall['args'] = args;
    calls.push({ path: ep.path, args: recorded });
    const value = await answer(ep.path, recorded);
    // Fixtures go through the endpoint's own schema: the parsed value is its data by construction.
    return endpoints[ep.name].data.parse(value) as RouteData<N>;
  };
  return { call, calls };
}

export const networkFailure = () => new CallFailure(new TypeError('Failed to fetch'), 'offline');
export const businessFailure = (code: number, message = 'refused') =>
  new CallFailure(new BusinessError(code, message, 200), message);
export const statusFailure = (status: number) =>
  new CallFailure(new HttpStatusError(status, `status ${status}`), `status ${status}`);
