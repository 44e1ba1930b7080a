import { describe, expect, it } from 'vitest';
import { isInternal, undeliverable, webhookUrlOk } from './address';
import { attempt } from './deliver';
import type * as repo from './repo';

const production = { production: true, allowedHosts: [] as string[] };
const development = { production: false, allowedHosts: [] as string[] };

describe('where an alert webhook may point', () => {
  it('knows the internal ranges, IPv4 written as IPv6 included', () => {
    for (const a of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(isInternal(a), a).toBe(true);
    }
    for (const a of ['::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect(isInternal(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '203.0.113.9', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isInternal(a), a).toBe(false);
    }
  });

  it('in production: public https only; an internal address written out only when its host is listed', () => {
    expect(webhookUrlOk('https://hooks.example.com/alerts', production)).toBe(true);
    for (const url of [
      'http://hooks.example.com/alerts',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:8443/',
      'https://[::ffff:192.168.0.9]/',
      'https://localhost/hook',
      'http://127.0.0.1:9000/hook',
      'https://user:pw@hooks.example.com/',
      'not a url',
    ]) {
      expect(webhookUrlOk(url, production), url).toBe(false);
    }
    const listed = { production: true, allowedHosts: ['10.1.2.3', 'alerts.bank.internal'] };
    expect(webhookUrlOk('https://10.1.2.3/hook', listed)).toBe(true);
    expect(webhookUrlOk('https://alerts.bank.internal/hook', listed)).toBe(true);
    // Listed still means https.
    expect(webhookUrlOk('http://alerts.bank.internal/hook', listed)).toBe(false);
  });

  it('outside production this machine may receive over http (a local relay, the tests), the rest as above', () => {
    expect(webhookUrlOk('http://127.0.0.1:9000/hook', development)).toBe(true);
    expect(webhookUrlOk('http://localhost:9000/hook', development)).toBe(true);
    expect(webhookUrlOk('http://[::1]:9000/hook', development)).toBe(true);
    expect(webhookUrlOk('https://10.0.0.5/hook', development)).toBe(false);
    expect(webhookUrlOk('http://hooks.example.com/alerts', development)).toBe(false);
  });

  it('a name that resolves inside the network is refused at delivery, unless listed', async () => {
    const resolvesTo = (addresses: string[]) => async () => addresses;
    expect(await undeliverable('https://hooks.example.com/a', production, resolvesTo(['10.0.0.7']))).toMatch(
      /internal network/,
    );
    expect(await undeliverable('https://hooks.example.com/a', production, resolvesTo(['203.0.113.9', '::1']))).toMatch(
      /internal network/,
    );
    expect(await undeliverable('https://hooks.example.com/a', production, resolvesTo(['203.0.113.9']))).toBeNull();
    const listed = { production: true, allowedHosts: ['hooks.example.com'] };
    expect(await undeliverable('https://hooks.example.com/a', listed, resolvesTo(['10.0.0.7']))).toBeNull();
    // The real resolver: localhost is this machine, refused in production, a test receiver outside it.
    expect(await undeliverable('https://localhost:9/a', production)).toMatch(/internal network/);
    expect(await undeliverable('http://localhost:9/a', development)).toBeNull();
  });

  it('a refused delivery connects to nothing and counts as a failed attempt, tried again later', async () => {
    let calls = 0;
    const row = {
      id: 'a1',
      corp_id: 'demo',
      act_id: null,
      kind: 'stock_low',
      message: 'm',
      detail: null,
      at: 1,
      attempts: 0,
    };
    const next = await attempt(
      row as unknown as repo.AlertRow,
      { url: 'https://hooks.example.com/a', secret: 'x'.repeat(16) },
      1_000,
      async () => {
        calls++;
        return new Response(null, { status: 204 });
      },
      async () => 'the address resolves to an internal network; not sent',
    );
    expect(calls).toBe(0);
    expect(next).toMatchObject({ attempts: 1, last_error: 'the address resolves to an internal network; not sent' });
    expect(next.delivery).toBeUndefined();
    expect(next.next_attempt_at).toBeGreaterThan(1_000);
  });
});
