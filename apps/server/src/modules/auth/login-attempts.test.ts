import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { LostRace, withLoginAttempts } from './service';

const noPause = async () => {};
const pgError = (code: string) => Object.assign(new Error(code), { code });

describe('a log-in that collides with a simultaneous log-in of the same customer', () => {
  it('runs again after a lost race, a unique violation, a deadlock or a serialization failure', async () => {
    for (const collision of [new LostRace(), pgError('23505'), pgError('40P01'), pgError('40001')]) {
      let runs = 0;
      const result = await withLoginAttempts(
        async () => {
          runs++;
          if (runs < 3) throw collision;
          return 'session';
        },
        6,
        noPause,
      );
      expect(result).toBe('session');
      expect(runs).toBe(3);
    }
  });

  it('still colliding after every attempt: a designed 409, not the database error', async () => {
    let runs = 0;
    const failure = await withLoginAttempts(
      async () => {
        runs++;
        throw pgError('23505');
      },
      4,
      noPause,
    ).catch((e: unknown) => e);
    expect(runs).toBe(4);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).errorName).toBe('CONFLICT_IN_FLIGHT');
  });

  it('any other failure is not retried', async () => {
    let runs = 0;
    const boom = new Error('disk full');
    await expect(
      withLoginAttempts(
        async () => {
          runs++;
          throw boom;
        },
        6,
        noPause,
      ),
    ).rejects.toBe(boom);
    expect(runs).toBe(1);
  });
});
