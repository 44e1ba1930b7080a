import { type FormEvent, useEffect, useState } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { useNavigate, useSearchParams } from '#web/shared/navigation/navigation';
import { StatePanel } from '../components/state-panel';
import { tl } from '../model/lab-messages';
import { type DrawProof, type Recomputed, recomputeDraw } from '../model/recompute-draw';
import '../components/activity.css';
import './verify-screen.css';

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <li className={ok ? 'vf-ok' : 'vf-bad'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>{' '}
      {tl('text.labelled', { label, value: tl(ok ? 'verify.yes' : 'verify.no') })}
    </li>
  );
}

/** A drawn draw's risk action in words (a refusal or step-up draws nothing, so never reaches this page). */
const RISK_ACTIONS: ReadonlyMap<string, Parameters<typeof tl>[0]> = new Map([
  ['allow', 'verify.riskAction.allow'],
  ['hold', 'verify.riskAction.hold'],
  ['degrade', 'verify.riskAction.degrade'],
]);

function riskActionLabel(action: string): string {
  return tl(RISK_ACTIONS.get(action) ?? 'verify.riskAction.other');
}

/** The risk decision taken before the draw (issue 35): its id, the ruleset's hash and what it did. */
function RiskLines({ risk }: { risk: NonNullable<DrawProof['risk']> }) {
  return (
    <>
      <h3 className="vf-sub">{tl('verify.risk')}</h3>
      <dl className="vf-kv" data-testid="verify-risk">
        <dt>{tl('verify.riskDecision')}</dt>
        <dd className="vf-hash" data-testid="verify-risk-decision">
          {risk.decisionId}
        </dd>
        <dt>{tl('verify.riskRuleset')}</dt>
        <dd className="vf-hash" data-testid="verify-risk-ruleset">
          {risk.rulesetHash ?? tl('verify.riskNone')}
        </dd>
        <dt>{tl('verify.riskAction')}</dt>
        <dd data-testid="verify-risk-action">{riskActionLabel(risk.action)}</dd>
      </dl>
      <p className="vf-note vf-risk-note">{tl('verify.riskNote')}</p>
    </>
  );
}

function ProofView({ proof }: { proof: DrawProof }) {
  const [mine, setMine] = useState<Recomputed | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    recomputeDraw(proof).then(
      (r) => live && setMine(r),
      () => live && setMine(null),
    );
    return () => {
      live = false;
    };
  }, [proof]);
  const nameOf = (id: string) => proof.table.find((r) => r.id === id)?.name ?? id;
  const pass = mine ? mine.commitmentOk && mine.rollOk && mine.pickOk && proof.check?.pickOk !== false : false;
  return (
    <>
      <section className="act-panel" data-testid="verify-record">
        <h2 className="act-panel__title">{tl('verify.record')}</h2>
        <dl className="vf-kv">
          <dt>{tl('verify.actId')}</dt>
          <dd data-testid="verify-campaign">{proof.actTitle || tl('verify.unnamed')}</dd>
          <dt>{tl('verify.index')}</dt>
          <dd>{proof.drawIndex + 1}</dd>
          <dt>{tl('verify.picked')}</dt>
          <dd>{nameOf(proof.pickedPrizeId)}</dd>
          <dt>{tl('verify.awarded')}</dt>
          <dd>{nameOf(proof.awardedPrizeId)}</dd>
        </dl>
        <h3 className="vf-sub">{tl('verify.table')}</h3>
        <ul className="vf-table" data-testid="verify-odds">
          {proof.table.map((r) => (
            <li key={r.id} className={r.id === proof.pickedPrizeId ? 'is-picked' : undefined}>
              <span>{r.name}</span>
              <span className="vf-pct">{r.percentText}</span>
            </li>
          ))}
        </ul>
        <h3 className="vf-sub">{tl('verify.commitment')}</h3>
        <p className="vf-hash" data-testid="verify-commitment">
          {proof.commitment}
        </p>
        <h3 className="vf-sub">{tl('verify.seed')}</h3>
        <p className="vf-hash" data-testid="verify-seed">
          {proof.seed ?? tl('verify.seedHidden')}
        </p>
        {proof.risk && <RiskLines risk={proof.risk} />}
      </section>
      <section className="act-panel" data-testid="verify-result" aria-live="polite">
        <h2 className="act-panel__title">{tl('verify.result')}</h2>
        {!proof.seed && <p className="vf-note">{tl('verify.pending')}</p>}
        {proof.seed && mine === undefined && <p className="vf-note">{tl('verify.loading')}</p>}
        {proof.seed && mine && (
          <>
            <p className={pass ? 'vf-verdict vf-ok' : 'vf-verdict vf-bad'} data-testid="verify-verdict">
              {tl(pass ? 'verify.pass' : 'verify.fail')}
            </p>
            <ul className="vf-checks">
              <Check ok={mine.commitmentOk} label={tl('verify.commitmentOk')} />
              <Check ok={mine.rollOk} label={tl('verify.rollOk')} />
              <Check ok={mine.pickOk} label={tl('verify.pickOk')} />
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** /verify?drawId=…: anyone recomputes one draw from its id and the published data (no sign-in). */
export function VerifyScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const drawId = params.get('drawId') ?? '';
  const [typed, setTyped] = useState(drawId);
  const query = useEndpointQuery(
    'fairnessDraw',
    { query: { drawId } },
    { enabled: drawId !== '', retry: false, meta: { quiet: true } },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    next.set('drawId', typed.trim());
    navigate(`/verify?${next}`, { replace: true });
  };
  const notFound = query.error?.code === 6410 || query.error?.status === 404;
  return (
    <div className="act-sheet vf">
      <header className="act-sheet__hero">
        <h1 className="act-sheet__title">{tl('verify.heading')}</h1>
        <p className="act-sheet__sub">{tl('verify.intro')}</p>
      </header>
      <div className="act-sheet__body">
        <form className="act-panel vf-form" onSubmit={submit}>
          <label htmlFor="vf-draw">{tl('verify.drawId')}</label>
          <input
            id="vf-draw"
            value={typed}
            maxLength={64}
            placeholder={tl('verify.placeholder')}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="act-cta" disabled={typed.trim() === ''}>
            {tl('verify.submit')}
          </button>
        </form>
        {drawId !== '' && query.isPending && <StatePanel gate="loading" />}
        {query.isError && (
          <p className="act-panel vf-bad" role="alert">
            {tl(notFound ? 'verify.notFound' : 'verify.failed')}
          </p>
        )}
        {query.data && <ProofView proof={query.data} />}
      </div>
    </div>
  );
}
