import { describe, expect, it } from 'vitest';
import { WriteLockTimeout } from '../db/group-commit';
import { LockBusy, Overloaded } from '../db/pg-group-commit';
import { toAppError } from './envelope';

describe('a database that refused a write is a designed answer for every caller, not a 500', () => {
  it('maps both group commits the same way, whichever module wrote', () => {
    expect(toAppError(new Overloaded('waited 600 ms for a database batch'))?.errorName).toBe('RATE_LIMITED');
    expect(toAppError(new LockBusy('the stock of prize p'))?.errorName).toBe('UNAVAILABLE');
    expect(toAppError(new WriteLockTimeout(5000))?.errorName).toBe('UNAVAILABLE');
    expect(toAppError(new Error('disk full'))).toBeNull();
  });
});
