import type { ActivityDetail } from '@campaign/contract/client';
import { currentLocale } from '#web/shared/i18n/messages';
import { formatDate } from '#web/shared/lib/format-date';
import { Link, useSearchParams } from '#web/shared/navigation/navigation';
import { BackControl } from '#web/shared/ui/back-control';
import { useActivityDetail } from '../api/activity-queries';
import { AppealEntry } from '../components/appeal-entry';
import { OddsTable } from '../components/odds-table';
import { StatePanel } from '../components/state-panel';
import { t } from '../messages';
import { playPath } from '../model/activity-paths';
import '../components/activity.css';
import './rules-screen.css';

function FairnessPanel({ detail }: { detail: ActivityDetail }) {
  const { fairness } = detail;
  return (
    <section className="act-panel" data-testid="fairness">
      <h2 className="act-panel__title">{t('rules.fairness')}</h2>
      <p className="rules-note">{t('rules.fairnessDesc')}</p>
      <dl className="rules-kv">
        <dt>{t('rules.algorithm')}</dt>
        <dd>
          {t('rules.algorithmName')}
          {/* In Chinese for zh-CN; the exact formula (the server's English text) stays for en-US. */}
          <details className="rules-spec">
            <summary>{t('rules.algorithmSpec')}</summary>
            {currentLocale() === 'en-US' ? (
              <p lang="en" data-testid="algorithm-spec">
                {fairness.algorithm}
              </p>
            ) : (
              <p data-testid="algorithm-spec">{t('rules.algorithmText')}</p>
            )}
          </details>
        </dd>
        <dt>{t('rules.commitment')}</dt>
        <dd className="rules-hash" data-testid="commitment">
          {fairness.commitment ?? '—'}
        </dd>
        <dt>{t('rules.seed')}</dt>
        <dd className="rules-hash" data-testid="seed">
          {fairness.seed ?? t('rules.seedHidden')}
        </dd>
      </dl>
    </section>
  );
}

/** /rules, /rules2 and /commonRules ?actId=…: rules text, the odds table and the fairness commitment. */
export function RulesScreen() {
  const [params] = useSearchParams();
  const actId = params.get('actId') ?? '';
  const query = useActivityDetail(actId);
  // undefined while reading; null when it does not exist or could not be read (spec §8: only logged).
  const failed = actId === '' || (query.isError && !query.isFetching && query.data === undefined);
  const detail = failed ? null : query.data;

  return (
    <div className="act-sheet rules">
      <header className="act-sheet__hero">
        <BackControl fallback={playPath(detail?.type ?? 'wheel', actId)} />
        <h1 className="act-sheet__title">{t('rules.heading')}</h1>
        {/* Kept (empty) while loading so the body below does not move when the title arrives. */}
        <p className="act-sheet__sub rules-sub">{detail?.title ?? ''}</p>
      </header>
      <div className="act-sheet__body">
        {detail === undefined && <StatePanel gate="loading" />}
        {detail === null && <StatePanel gate="missing" onRetry={() => void query.refetch()} />}
        {detail && (
          <>
            <section className="act-panel">
              <h2 className="act-panel__title">{t('rules.details')}</h2>
              <p className="rules-version" data-testid="rules-version">
                {t('rules.version', { version: detail.version })}
                {detail.versionPublishedAt !== null &&
                  ` · ${t('rules.publishedAt', { at: formatDate(detail.versionPublishedAt, 'YYYY-MM-DD HH:mm') })}`}
              </p>
              <p className="rules-window">
                {t('text.labelled', {
                  label: t('rules.window'),
                  value: formatDate(detail.startsAt, 'YYYY-MM-DD HH:mm'),
                })}{' '}
                ~ {formatDate(detail.endsAt, 'YYYY-MM-DD HH:mm')}
              </p>
              {/* The server stores rules as sanitised rich text (issue 4 item 2). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before storage */}
              <div className="rules-html" dangerouslySetInnerHTML={{ __html: detail.rulesHtml }} />
            </section>
            <section className="act-panel">
              <h2 className="act-panel__title">{t('rules.odds')}</h2>
              <OddsTable prizes={detail.prizes} />
              <p className="rules-note">{t('rules.oddsNote')}</p>
            </section>
            <FairnessPanel detail={detail} />
            <AppealEntry actId={detail.actId} />
            <Link className="act-cta" to={playPath(detail.type, detail.actId)}>
              {t('rules.back')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
