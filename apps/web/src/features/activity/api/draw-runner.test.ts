import { describe, expect, it } from 'vitest';
import { createDrawRunner, type DrawRunnerDeps } from './draw-runner';
import { drawFixture } from './fixtures';
import { createPendingDraws, type PendingDraws } from './pending-draw';
import { businessFailure, fakeCall, networkFailure, statusFailure } from './test-fakes';

function setup(answers: Array<() => unknown>, cookies: Record<string, string> = {}, pending?: PendingDraws) {
  let n = 0;
  let keys = 0;
  const { call, calls } = fakeCall(() => {
    const next = answers[n++];
    if (!next) throw new Error('no more answers');
    return next();
  });
  const waits: number[] = [];
  const deps: DrawRunnerDeps = {
    call,
    newKey: () => `key-${++keys}`,
    wait: async (ms) => {
      waits.push(ms);
    },
    cookie: (name) => cookies[name],
    pending,
    now: () => 5_000,
  };
  return { runner: createDrawRunner(deps), calls, waits };
}

const won = () => drawFixture();

describe('draw runner: one idempotency key per tap', () => {
  it('retries a network failure with the same key and returns the server’s result', async () => {
    const { runner, calls, waits } = setup([
      () => {
        throw networkFailure();
      },
      won,
    ]);
    const outcome = await runner.draw('wheel', { rocc: false });
    expect(outcome).toEqual({ kind: 'won', result: drawFixture() });
    expect(calls.map((c) => c.args.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(waits).toHaveLength(1);
    expect(runner.pendingKey()).toBeNull();
  });

  it('keeps the key after the network gave up, so the next tap replays the same draw', async () => {
    const fail = () => {
      throw networkFailure();
    };
    const { runner, calls } = setup([fail, fail, fail, won, won]);
    expect(await runner.draw('wheel', { rocc: false })).toEqual({ kind: 'offline' });
    expect(runner.pendingKey()).toBe('key-1');
    const again = await runner.draw('wheel', { rocc: false });
    expect(again.kind).toBe('won');
    expect(calls.map((c) => c.args.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    // After an answer, the next tap is a new draw with a new key.
    await runner.draw('wheel', { rocc: false });
    expect(calls.at(-1)?.args.idempotencyKey).toBe('key-2');
  });

  it('tells the risk check’s refusal and its SMS step-up apart from every other refusal, in the server’s words', async () => {
    const { runner } = setup([
      () => {
        throw businessFailure(2007, '本次参与未通过活动安全校验');
      },
      () => {
        throw businessFailure(2020, '请先完成短信验证');
      },
    ]);
    expect(await runner.draw('wheel', { rocc: true })).toEqual({
      kind: 'refused',
      reason: 'risk',
      message: '本次参与未通过活动安全校验',
    });
    expect(await runner.draw('wheel', { rocc: true })).toMatchObject({
      reason: 'step-up',
      message: '请先完成短信验证',
    });
  });

  it('waits and retries 409 (same key still in flight) with the same key', async () => {
    const { runner, calls } = setup([
      () => {
        throw statusFailure(409);
      },
      won,
    ]);
    expect((await runner.draw('wheel', { rocc: false })).kind).toBe('won');
    expect(calls.map((c) => c.args.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('maps 2006 to the no-chances refusal and drops the key', async () => {
    const { runner, calls } = setup([
      () => {
        throw businessFailure(2006, '抽奖次数已用完');
      },
      () => {
        throw businessFailure(2003, 'ended');
      },
    ]);
    expect(await runner.draw('wheel', { rocc: false })).toEqual({
      kind: 'refused',
      reason: 'no-chances',
      message: '抽奖次数已用完',
    });
    expect(runner.pendingKey()).toBeNull();
    expect(calls).toHaveLength(1);
    const second = await runner.draw('wheel', { rocc: false });
    expect(second).toMatchObject({ kind: 'refused', reason: 'ended' });
    expect(calls.at(-1)?.args.idempotencyKey).toBe('key-2');
  });

  it('sends the user to log in on 401', async () => {
    const { runner } = setup([
      () => {
        throw businessFailure(401, 'expired');
      },
    ]);
    expect(await runner.draw('wheel', { rocc: false })).toEqual({ kind: 'login' });
  });

  it('joins a second tap while the first is running (one request, one key)', async () => {
    const { runner, calls } = setup([won]);
    const [a, b] = await Promise.all([runner.draw('wheel', { rocc: false }), runner.draw('wheel', { rocc: false })]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
  });

  it('uses the rocc path with nuid from the encid cookie and the gray flag when the switch is on', async () => {
    const { runner, calls } = setup([won], { encid: 'enc-123', 'X-Tag': 'gray-bmcs' });
    await runner.draw('wheel', { rocc: true });
    expect(calls[0]?.path).toBe('/rocc/lottery');
    expect(calls[0]?.args.query).toEqual({ nuid: 'enc-123', grayflag: '0' });
    expect(calls[0]?.args.body).toEqual({ actId: 'wheel' });
  });

  it('uses the plain lottery when the switch is off', async () => {
    const { runner, calls } = setup([won]);
    await runner.draw('wheel', { rocc: false });
    expect(calls[0]?.path).toBe('/{version}/lottery');
    expect(calls[0]?.args.query).toBeUndefined();
  });
});

/** A tab's sessionStorage that outlives the runner, as it outlives the page on a reload. */
function tabStorage() {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  return createPendingDraws(
    () => storage,
    () => 5_000,
  );
}

describe('draw runner: the result of a draw cut off by a reload is shown on return', () => {
  const me = 'demo:u1';

  it('keeps the sent key until the result was shown, then forgets it', async () => {
    const pending = tabStorage();
    const { runner } = setup([won], {}, pending);
    expect((await runner.draw('wheel', { rocc: false, owner: me })).kind).toBe('won');
    expect(pending.get('wheel')).toMatchObject({ key: 'key-1', owner: me, rocc: false });
    runner.seen('wheel');
    expect(pending.get('wheel')).toBeNull();
  });

  it('after a reload, replays the very key the lost request carried (the server returns that draw)', async () => {
    const pending = tabStorage();
    // The page is reloaded while the request is in flight: its answer never arrives.
    const before = setup([won, () => new Promise<never>(() => {})], {}, pending);
    await before.runner.draw('wheel', { rocc: true, owner: me });
    void before.runner.draw('wheel', { rocc: true, owner: me });
    await Promise.resolve();
    expect(pending.get('wheel')?.key).toBe('key-2');

    // The new page's runner starts with fresh keys; the replay must not use them.
    const after = setup([won], {}, pending);
    const replay = after.runner.resume('wheel', me);
    expect(replay).not.toBeNull();
    expect((await replay)?.kind).toBe('won');
    expect(after.calls.map((c) => c.args.idempotencyKey)).toEqual(['key-2']);
    // Same path as the first request (the server checks the request hash), so no mismatch.
    expect(after.calls[0]?.path).toBe('/rocc/lottery');
    after.runner.seen('wheel');
    expect(after.runner.resume('wheel', me)).toBeNull();
  });

  it('never replays another customer’s draw in the same tab, and has nothing to replay without one', async () => {
    const pending = tabStorage();
    pending.put({ actId: 'wheel', key: 'key-other', rocc: false, owner: 'demo:u2', at: 5_000 });
    const { runner, calls } = setup([won], {}, pending);
    expect(runner.resume('wheel', me)).toBeNull();
    expect(runner.resume('grid', me)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('forgets a key the server refused (nothing was drawn) and keeps one the network lost', async () => {
    const pending = tabStorage();
    const fail = () => {
      throw networkFailure();
    };
    const refused = () => {
      throw businessFailure(2006, '抽奖次数已用完');
    };
    const { runner } = setup([fail, fail, fail, refused], {}, pending);
    expect(await runner.draw('wheel', { rocc: false, owner: me })).toEqual({ kind: 'offline' });
    expect(pending.get('wheel')?.key).toBe('key-1');
    expect((await runner.resume('wheel', me))?.kind).toBe('refused');
    expect(pending.get('wheel')).toBeNull();
  });

  it('`seen` after an older result does not forget a newer tap still in flight', async () => {
    const pending = tabStorage();
    const { runner } = setup([won, () => new Promise<never>(() => {})], {}, pending);
    await runner.draw('wheel', { rocc: false, owner: me });
    void runner.draw('wheel', { rocc: false, owner: me });
    await Promise.resolve();
    runner.seen('wheel');
    expect(pending.get('wheel')?.key).toBe('key-2');
  });

  it('without an owner (session not read yet) nothing is kept', async () => {
    const pending = tabStorage();
    const { runner } = setup([won], {}, pending);
    await runner.draw('wheel', { rocc: false });
    expect(pending.get('wheel')).toBeNull();
  });
});
