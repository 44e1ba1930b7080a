import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

/** The files production runs the service with (deploy/, ADR 0053): valid, and saying what the docs say. */
describe('deploy files', () => {
  it('the balancer checks readiness, retries only what may be sent twice, and answers in the envelope', () => {
    const cfg = read('deploy/haproxy.cfg');
    expect(cfg).toMatch(/http-check send meth GET uri \/readyz/);
    expect(cfg).toMatch(/retry-on conn-failure empty-response response-timeout 503/);
    expect(cfg).toMatch(/disable-l7-retry if !METH_GET !METH_HEAD !\{ req\.hdr\(idempotency-key\) -m found \}/);
    expect(cfg).toMatch(/"\{\\"code\\":503,\\"data\\":\\"服务暂不可用，请稍后再试\\"\}"/);
  });

  it.runIf(has('haproxy'))('haproxy accepts deploy/haproxy.cfg', () => {
    const r = spawnSync('haproxy', ['-c', '-f', `${ROOT}deploy/haproxy.cfg`], { encoding: 'utf8' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
  });

  it('the systemd unit restarts the service whatever ended it and stops it with SIGTERM', () => {
    const unit = read('deploy/campaign-h5.service');
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^KillMode=mixed$/m);
  });

  it.runIf(has('systemd-analyze'))('systemd-analyze verifies deploy/campaign-h5.service', () => {
    const r = spawnSync('systemd-analyze', ['verify', `${ROOT}deploy/campaign-h5.service`], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  });
});
