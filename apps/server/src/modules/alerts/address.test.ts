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
    for (const a of ['8.8.8.8', '223.5.5.5', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:808:808::1']) {
      expect(isInternal(a), a).toBe(false);
    }
    // Documentation and reserved ranges are on no network a receiver could be on.
    for (const a of ['203.0.113.9', '192.0.2.1', '240.0.0.1', '2001:db8::1']) expect(isInternal(a), a).toBe(true);
  });

  it('an internal IPv4 address in any IPv6 form, or in hex, octal or decimal, is refused, in production too', () => {
    for (const host of [
      '[64:ff9b::a9fe:a9fe]', // NAT64 of 169.254.169.254
      '[64:ff9b::10.0.0.1]',
      '[64:ff9b:1::a9fe:a9fe]', // local-use NAT64
      '[::a9fe:a9fe]', // IPv4-compatible
      '[::127.0.0.1]',
      '[2002:a9fe:a9fe::1]', // 6to4
      '[2002:c0a8:0001::]',
      '[::ffff:a9fe:a9fe]', // IPv4-mapped, in hex
      '[::ffff:169.254.169.254]',
      '[::ffff:0:a9fe:a9fe]', // SIIT
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]', // Teredo
      '[2001::1]',
      '0xa9fea9fe', // 169.254.169.254 in hex, octal, decimal and short forms
      '0251.0376.0251.0376',
      '2852039166',
      '169.254.43518',
      '0x0a.1', // 10.0.0.1
      '[fec0::1]', // site-local
    ]) {
      const url = `https://${host}/hook`;
      expect(webhookUrlOk(url, production), url).toBe(false);
      expect(webhookUrlOk(url, development), url).toBe(false);
    }
    // This machine in hex is this machine: refused in production (outside it, the local receiver of above).
    expect(webhookUrlOk('https://0x7f.1/hook', production)).toBe(false);
    expect(webhookUrlOk('https://[::ffff:7f00:1]/hook', production)).toBe(false);
    // A public IPv4 address behind the same forms is a public address.
    expect(webhookUrlOk('https://[64:ff9b::808:808]/hook', production)).toBe(true);
    expect(webhookUrlOk('https://[2002:808:808::1]/hook', production)).toBe(true);
  });

  it('a name that resolves to an IPv6 form of an internal IPv4 address is refused at delivery', async () => {
    for (const address of ['64:ff9b::a9fe:a9fe', '::a9fe:a9fe', '2002:a9fe:a9fe::1', '::ffff:a9fe:a9fe', '2001::1']) {
      expect(await undeliverable('https://hooks.example.com/a', production, async () => [address]), address).toMatch(
        /internal network/,
      );
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
    expect(await undeliverable('https://hooks.example.com/a', production, resolvesTo(['223.5.5.5', '::1']))).toMatch(
      /internal network/,
    );
    expect(await undeliverable('https://hooks.example.com/a', production, resolvesTo(['223.5.5.5']))).toBeNull();
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
