/**
 * test:nodes' check of the risk engine's counters (issue 35): one customer draws a risk-checked campaign once on
 * each node in turn, straight at the node (not through the balancer); the decisions the nodes stored must read
 * the counts one after another (1, 2, 3 …), as one set of counters (Redis) shared by every node would give.
 * The demo's seed runs the default ruleset in shadow, so every decision counts and stores its features.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { h5, login } from './nodes-customers';

export const RISK_ACT = 'nodes-risk';

/** A risk-checked wheel of its own (rocc on), beside the faults' campaign, so the faults' load is not judged. */
export const riskYaml = `
groups:
  - { id: nodes-risk-grp, corp: demo, showActIds: [${RISK_ACT}], rocc: 1 }
activities:
  - id: ${RISK_ACT}
    corp: demo
    group: nodes-risk-grp
    type: wheel
    title: 多节点风控转盘
    startsAt: now-1h
    endsAt: now+1d
    chances: { perDay: 100 }
    rules: <p>nodes</p>
    prizes:
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }
`;

export interface RiskCountersSeen {
  /** Per node, in the order drawn: the customer's draws in the minute, the address's accounts in the day. */
  perNode: { node: number; draws1m: number; ipAccounts1d: number }[];
  shared: boolean;
}

/** Draws once on each node with customer `index` and reads back what each node's decision counted. */
export async function riskCountersAcrossNodes(ports: number[], databaseUrl: string, index: number) {
  const cookie = await login(`http://127.0.0.1:${ports[0]}`, index);
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}/bmcs/api/v2/lottery?corpId=demo`, {
      method: 'POST',
      headers: h5('10.77.0.1', { cookie, 'idempotency-key': randomUUID() }),
      body: JSON.stringify({ actId: RISK_ACT }),
    });
    const answer = (await res.json()) as { code: number };
    if (answer.code !== 0) throw new Error(`risk draw on node port ${port}: code ${answer.code}`);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ features: string }>(
      'select features from risk_decision where act_id = $1 order by id',
      [RISK_ACT],
    );
    const perNode = rows.map((r, i) => {
      const f = JSON.parse(r.features) as { customer?: { draws_1m?: number }; ip?: { accounts_1d?: number } };
      return { node: i + 1, draws1m: f.customer?.draws_1m ?? 0, ipAccounts1d: f.ip?.accounts_1d ?? 0 };
    });
    const shared =
      perNode.length === ports.length && perNode.every((p, i) => p.draws1m === i + 1 && p.ipAccounts1d === 1);
    return { perNode, shared } satisfies RiskCountersSeen;
  } finally {
    await client.end();
  }
}

/** Imports the risk campaign, draws on every node and records what they counted (a failure when not shared). */
export async function checkRiskCounters(o: {
  ports: number[];
  databaseUrl: string;
  index: number;
  cli: (args: string[]) => void;
  dir: string;
  result: Record<string, unknown>;
  failures: string[];
}) {
  writeFileSync(join(o.dir, 'risk.yaml'), riskYaml);
  o.cli(['import', join(o.dir, 'risk.yaml')]);
  const risk = await riskCountersAcrossNodes(o.ports, o.databaseUrl, o.index);
  o.result.riskCounters = risk;
  const seen = risk.perNode.map((p) => `node ${p.node} → ${p.draws1m}`).join(', ');
  console.error(`risk counters, one customer drawing on each node in turn: ${seen}`);
  if (!risk.shared) o.failures.push('the nodes do not share the risk counters');
}
