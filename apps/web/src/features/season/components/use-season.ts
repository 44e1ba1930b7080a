import { useEffect, useState } from 'react';
import { useSearchParams } from '#web/shared/navigation/navigation';

/** The season named by `?actId=` (every season screen reads it). */
export function useSeasonActId(): string {
  const [params] = useSearchParams();
  return params.get('actId') ?? '';
}

/** The server's clock, ticking: `serverTime` from an answer plus the time since it arrived. */
export function useServerNow(serverTime: number | undefined, everyMs = 1000): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (serverTime === undefined) return;
    const d = serverTime - Date.now();
    setOffset(d);
  }, [serverTime]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now + offset;
}
