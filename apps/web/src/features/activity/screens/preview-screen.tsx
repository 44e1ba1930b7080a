import type { RouteData } from '@campaign/contract/client';
import { useMemo, useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { PrizeWheel } from '#web/shared/games/prize-wheel';
import { useSpinController } from '#web/shared/games/use-spin-controller';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { StatePanel } from '../components/state-panel';
import { tl } from '../model/lab-messages';
import '../components/activity.css';
import './preview-screen.css';

type Preview = RouteData<'previewPage'>;

/** A link that is missing, wrong or expired. */
function InvalidLink() {
  return (
    <div className="act-sheet">
      <header className="act-sheet__hero">
        <h1 className="act-sheet__title">{tl('preview.badge')}</h1>
      </header>
      <div className="act-sheet__body">
        <p className="act-panel pv-invalid" role="alert">
          {tl('preview.invalid')}
        </p>
      </div>
    </div>
  );
}

/** The published odds and the rules (sanitised on the server). */
function OddsAndRules({ d }: { d: Preview }) {
  return (
    <>
      <section className="act-panel pv-panel">
        <h2 className="act-panel__title">{tl('preview.odds')}</h2>
        <ul className="pv-odds">
          {d.odds.map((o) => (
            <li key={o.prizeId}>
              <span>{o.name}</span>
              <span>{o.probability}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="act-panel pv-panel">
        <h2 className="act-panel__title">{tl('preview.rules')}</h2>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-html) */}
        <div className="pv-rules" dangerouslySetInnerHTML={{ __html: d.rules }} />
      </section>
    </>
  );
}

/**
 * /preview?token=…: a campaign draft as a customer will see it, through a signed, expiring link from the
 * console (docs/decisions/0346-preview.md). The wheel is the game's own widget; a try is the server's
 * engine with a throwaway seed and stores nothing. No sign-in: the link is the credential.
 */
export function PreviewScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const page = useEndpointQuery(
    'previewPage',
    { query: { token } },
    { enabled: token !== '', retry: false, meta: { quiet: true } },
  );
  const tryDraw = useEndpointMutation('previewDraw', { meta: { quiet: true } });
  const [result, setResult] = useState<string | null>(null);
  const [landing, setLanding] = useState<string | null>(null);
  const spin = useSpinController({ onSettled: () => setResult(landing) });
  const d = page.data;
  const segments = useMemo(
    () => (d?.prizes ?? []).map((p) => ({ id: p.id, name: p.name, imageUrl: imageUrl(p.image) })),
    [d],
  );
  const press = async () => {
    setResult(null);
    spin.start();
    try {
      const r = await tryDraw.mutateAsync({ body: { token } });
      setLanding(r.name);
      spin.stopAt(
        Math.max(
          0,
          segments.findIndex((s) => s.id === r.prizeId),
        ),
      );
    } catch {
      spin.cancel();
    }
  };
  if (token === '' || page.isError) return <InvalidLink />;
  if (!d) return <StatePanel gate="loading" />;
  const style = { '--pv-bg': d.page.backgroundColor, '--pv-primary': d.page.primaryColor } as React.CSSProperties;
  return (
    <div className="act-page pv" style={style} data-testid="preview-page">
      <p className="pv-badge" role="note">
        <strong>{tl('preview.badge')}</strong> {tl('preview.note')}
      </p>
      {d.page.banner && <img className="pv-banner" src={imageUrl(d.page.banner)} alt="" />}
      <h1 className="pv-title">{d.title}</h1>
      {d.subtitle && <p className="pv-sub">{d.subtitle}</p>}
      <p className="pv-window">
        {tl('text.labelled', { label: tl('preview.window'), value: formatDate(d.startsAt, 'YYYY-MM-DD HH:mm') })} ~{' '}
        {formatDate(d.endsAt, 'YYYY-MM-DD HH:mm')}
      </p>
      <PrizeWheel
        segments={segments}
        controller={spin}
        onPress={() => void press()}
        buttonLabel={tl('preview.spin')}
        ariaLabel={d.title}
      />
      <p className="pv-result" aria-live="polite" data-testid="preview-result">
        {result ? tl('preview.result', { name: result }) : ' '}
      </p>
      <OddsAndRules d={d} />
      <p className="pv-expires">{tl('preview.expires', { at: formatDate(d.expiresAt, 'YYYY-MM-DD HH:mm') })}</p>
    </div>
  );
}
