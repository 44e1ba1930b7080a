import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_MESSAGES } from './common';
import { endpoint, resolvePath, versionFromIsElife } from './endpoint';
import { activityDetailSchema, activitySummarySchema } from './endpoints/activity';
import { addressInputSchema } from './endpoints/addresses';
import { ERRORS } from './errors';
import { localeFromAcceptLanguage } from './locale';
import { buildOpenApi } from './openapi';
import { endpointGroups, endpoints } from './table';

const base = {
  method: 'GET',
  loading: false,
  access: 'public',
  summary: 's',
  tag: 't',
  errors: [],
  query: z.object({}),
  body: z.undefined(),
  data: z.null(),
} as const;

describe('endpoint table', () => {
  it('v3 only when the isElife cookie is exactly "true"', () => {
    expect(versionFromIsElife('true')).toBe('v3');
    for (const v of ['false', 'TRUE', '1', '', undefined, null]) expect(versionFromIsElife(v)).toBe('v2');
    expect(resolvePath({ path: '/{version}/lottery' }, 'v3')).toBe('/v3/lottery');
  });

  it('refuses a path whose version slot disagrees with its rule', () => {
    expect(() => endpoint({ ...base, path: '/{version}/x', version: 'none' })).toThrow(/disagree/);
    expect(() => endpoint({ ...base, path: '/x', version: 'versioned' })).toThrow(/disagree/);
    expect(() => endpoint({ ...base, path: '/x', version: 'v2' })).toThrow(/start with \/v2\//);
    expect(endpoint({ ...base, path: '/v2/x', version: 'v2' }).path).toBe('/v2/x');
  });

  it('console endpoints need roles and live under /console/; a download is a GET', () => {
    const c = { ...base, version: 'none', access: 'console', roles: ['admin'] } as const;
    expect(() => endpoint({ ...c, path: '/x' })).toThrow(/under \/console\//);
    expect(() => endpoint({ ...c, path: '/console/x', roles: [] })).toThrow(/roles/);
    expect(() => endpoint({ ...base, version: 'none', path: '/console/x', roles: ['admin'] })).toThrow(/roles/);
    expect(() =>
      endpoint({ ...c, method: 'POST', path: '/console/x', produces: { type: 'text/csv', filename: 'x.csv' } }),
    ).toThrow(/download is a GET/);
    expect(endpoint({ ...c, path: '/console/x' }).access).toBe('console');
  });

  it("only a GET can be flagged state-changing, and the spec's address delete is", () => {
    expect(() => endpoint({ ...base, method: 'POST', path: '/x', version: 'none', stateChangingGet: true })).toThrow(
      /only for GET/,
    );
    const flagged = Object.entries(endpoints)
      .filter(([, e]) => (e as { stateChangingGet?: boolean }).stateChangingGet)
      .map(([n]) => n);
    expect(flagged).toEqual(['addressDelete']);
  });

  it('every endpoint has a unique method + path, and every error code is unique', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(0);
  });

  it('the OpenAPI document has one operation per endpoint and version', () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    const expected = Object.values(endpoints).reduce((n, e) => n + (e.version === 'versioned' ? 2 : 1), 0);
    // …plus the banner image route, the one file route outside BASE_PATH.
    expect(ops).toHaveLength(expected + 1);
    expect(doc.paths['/bmcs/file/bannerImageChk/{image}']?.get?.operationId).toBe('bannerImage');
    expect(new Set(ops).size).toBe(ops.length);
  });
});

describe('user language', () => {
  it('zh-CN by default, en-US only when English outranks Chinese', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en;q=0.5,zh-TW;q=0.8')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.7')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr-FR')).toBe('zh-CN');
  });
});

describe('request headers', () => {
  it('idempotent endpoints require the key; the flag stays readable for the client', () => {
    expect(endpoints.lottery.idempotent).toBe(true);
    expect(endpoints.roccLottery.idempotent).toBe(true);
    for (const ep of [endpoints.lottery, endpoints.roccLottery]) {
      expect(ep.headers.safeParse({}).success).toBe(false);
      expect(ep.headers.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
      expect(ep.headers.safeParse({ 'idempotency-key': 'a b c d e f g h' }).success).toBe(false);
      expect(ep.headers.safeParse({ 'idempotency-key': 'x'.repeat(129) }).success).toBe(false);
      expect(ep.headers.safeParse({ 'idempotency-key': '0b6f6c1e-4f1a-4d0e-9a57-3c9b2f9f6a10' }).success).toBe(true);
      expect(ep.headersError).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect(endpoints.systemTime.headers.safeParse({}).success).toBe(true);
    expect('headersError' in endpoints.systemTime).toBe(false);
  });

  it('refuses an idempotency key on a GET', () => {
    expect(() => endpoint({ ...base, path: '/x', version: 'none', idempotent: true })).toThrow(/GET/);
  });

  it('the OpenAPI document lists the header parameter exactly where the table requires it', () => {
    const doc = buildOpenApi() as {
      paths: Record<
        string,
        Record<string, { operationId: string; parameters: { name: string; in: string; required: boolean }[] }>
      >;
    };
    const withHeader = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .filter((op) => op.parameters.some((p) => p.name === 'idempotency-key'))
      .map((op) => op.operationId)
      .sort();
    expect(withHeader).toEqual([
      'addressAdd',
      'couponUse',
      'discountSignPayment',
      'exchange',
      'lottery_v2',
      'lottery_v3',
      'orderConfirm',
      'redeemException',
      'redeemTicket',
      'roccLottery',
    ]);
    // Every state-changing console call carries the session's CSRF token, and no other call does.
    const withCsrf = Object.entries(doc.paths)
      .flatMap(([path, p]) => Object.entries(p).map(([method, op]) => ({ path, method, op })))
      .filter(({ op }) => op.parameters.some((p) => p.name === 'x-csrf-token' && p.in === 'header' && p.required));
    const consoleWrites = Object.values(endpoints).filter((e) => e.access === 'console' && e.method !== 'GET');
    expect(withCsrf).toHaveLength(consoleWrites.length);
    expect(withCsrf.every(({ path, method }) => path.startsWith('/bmcs/api/console/') && method === 'post')).toBe(true);
    const rocc = doc.paths['/bmcs/api/rocc/lottery']?.post;
    expect(rocc?.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
    );
  });
});

describe('endpoint groups', () => {
  it('the table is exactly the union of the groups, each name in one group', () => {
    const names = Object.values(endpointGroups).flatMap((g) => Object.keys(g));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(endpoints).sort()).toEqual([...names].sort());
  });
});

describe('activity summary', () => {
  it('the park, the draw param and the detail all describe an activity with the one summary schema', () => {
    const summaryKeys = Object.keys(activitySummarySchema.shape);
    const park = endpoints.activityPark.data.element;
    expect(Object.keys(park.shape)).toEqual([...summaryKeys, 'banner']);
    expect(Object.keys(activityDetailSchema.shape)).toEqual(expect.arrayContaining(summaryKeys));
    for (const key of ['actId', 'type', 'status', 'startsAt', 'endsAt'] as const) {
      expect(endpoints.lotteryParam.data.shape[key]).toBe(activitySummarySchema.shape[key]);
      expect(park.shape[key]).toBe(activitySummarySchema.shape[key]);
    }
  });
});

describe('address input', () => {
  const good = {
    name: '张三',
    mobile: '13800138000',
    provinceCode: '110000',
    cityCode: '110100',
    districtCode: '110101',
    detail: '东长安街 1 号',
  };
  it('accepts a complete address and names each bad field with a catalogue key', () => {
    expect(addressInputSchema.safeParse(good).success).toBe(true);
    const bad = addressInputSchema.safeParse({
      ...good,
      name: '张',
      mobile: '12345',
      districtCode: '1101',
      detail: '短',
    });
    expect(bad.success).toBe(false);
    const byField = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: 'i18n:addressName',
      mobile: 'i18n:mobile',
      districtCode: 'i18n:regionCode',
      detail: 'i18n:addressDetail',
    });
    for (const key of Object.values(byField)) expect(FIELD_MESSAGES).toHaveProperty(key.slice(5));
    expect(addressInputSchema.safeParse({ ...good, name: 'x'.repeat(21) }).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...good, detail: 'x'.repeat(121) }).success).toBe(false);
  });
});

describe('what each endpoint says can go wrong', () => {
  it('every endpoint declares its errors, and the OpenAPI lists them with the implied ones', async () => {
    const { buildOpenApi } = await import('./openapi');
    const { endpoints } = await import('./table');
    const { endpointErrors } = await import('./endpoint');
    const { ERRORS } = await import('./errors');
    const doc = buildOpenApi() as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; 'x-error-codes': { name: string; code: number }[]; responses: Record<string, unknown> }
        >
      >;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    for (const [name, ep] of Object.entries(endpoints)) {
      expect(Array.isArray(ep.errors), name).toBe(true);
      const op = ops.find((o) => o.operationId === name || o.operationId.startsWith(`${name}_`));
      expect(op, name).toBeDefined();
      expect(op?.['x-error-codes'].map((e) => e.name).sort()).toEqual(endpointErrors(ep).sort());
      for (const e of ep.errors) {
        const status = ERRORS[e].status;
        if (status !== 200) expect(op?.responses[String(status)], `${name} ${e}`).toBeDefined();
      }
    }
    // A user endpoint may answer 401; a public one is not said to.
    expect(endpointErrors(endpoints.orderList)).toContain('UNAUTHENTICATED');
    expect(endpointErrors(endpoints.systemTime)).not.toContain('UNAUTHENTICATED');
    expect(endpointErrors(endpoints.lottery)).toEqual(
      expect.arrayContaining(['NO_CHANCES', 'IDEMPOTENCY_KEY_REQUIRED']),
    );
  });

  it('refuses an error declared twice', () => {
    expect(() => endpoint({ ...base, path: '/x', version: 'none', errors: ['NOT_FOUND', 'NOT_FOUND'] })).toThrow(
      /twice/,
    );
  });
});
