import { describe, expect, it } from 'vitest';
import { WriteLockTimeout } from '../db/group-commit';
import { LockBusy, Overloaded } from '../db/pg-group-commit';
import { toAppError } from './envelope';
import { AppError, refusal } from './errors';

describe('a database that refused a write is a designed answer for every caller, not a 500', () => {
  it('maps both group commits the same way, whichever module wrote', () => {
    expect(toAppError(new Overloaded('waited 600 ms for a database batch'))?.errorName).toBe('BUSY');
    expect(toAppError(new LockBusy('the stock of prize p'))?.errorName).toBe('UNAVAILABLE');
    expect(toAppError(new WriteLockTimeout(5000))?.errorName).toBe('UNAVAILABLE');
    expect(toAppError(new Error('disk full'))).toBeNull();
  });

  it('maps an unreachable or failing database to 503 on both databases, and nothing else', () => {
    const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
    const unavailable = [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'too many connections'),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      withCode('SQLITE_BUSY'),
      withCode('SQLITE_BUSY_SNAPSHOT'),
      withCode('SQLITE_IOERR_WRITE'),
      withCode('SQLITE_FULL'),
    ];
    for (const err of unavailable) expect(toAppError(err)?.errorName, err.message).toBe('UNAVAILABLE');
    // A request's own fault stays what it was: a constraint, a syntax error, a bad value.
    for (const code of ['23505', '42601', '22P02', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR']) {
      expect(toAppError(withCode(code)), code).toBeNull();
    }
  });
});

describe('a refusal past capacity', () => {
  it('answers as any 429 does, but carries no stack trace, and leaves stack traces on for everything else', () => {
    const before = Error.stackTraceLimit;
    const shed = refusal('BUSY');
    expect(shed).toBeInstanceOf(AppError);
    expect(shed.status).toBe(429);
    expect(shed.envelope('zh-CN')).toEqual(new AppError('BUSY').envelope('zh-CN'));
    expect(shed.envelope('zh-CN')).toEqual({ code: 42901, data: '活动太火爆，请稍后再试' });
    // No frames: the first line alone (name and message).
    expect(shed.stack?.split('\n')).toHaveLength(1);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a defect').stack?.split('\n').length).toBeGreaterThan(1);
    // The database's and the limiters' 429s take the same cheap way.
    expect(toAppError(new Overloaded('waited 600 ms for a database batch'))?.stack?.split('\n')).toHaveLength(1);
    expect(toAppError(Object.assign(new Error('limited'), { statusCode: 429 }))?.stack?.split('\n')).toHaveLength(1);
  });
});
