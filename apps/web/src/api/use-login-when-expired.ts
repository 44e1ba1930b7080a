import { useEffect } from 'react';
import { useLocation, useNavigate } from '../shared/navigation/navigation';
import { loginPath } from '../shared/navigation/paths';
import { isExpired } from './query-client';

/**
 * A call answered 401 (logged out, or the login expired): the customer goes to the login screen, which
 * comes back here. Returns whether `error` is that 401, for screens that show nothing else meanwhile.
 */
export function useLoginWhenExpired(error: unknown): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const expired = isExpired(error);
  useEffect(() => {
    if (expired) navigate(loginPath(location), { replace: true });
  }, [expired, navigate, location]);
  return expired;
}
