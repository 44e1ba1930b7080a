import type { RouteData } from '@campaign/contract/client';
import { lazy, Suspense, useState } from 'react';
import { useEndpointQuery } from '../../api/endpoint-query';
import { t } from '../../shared/i18n/messages';

type Doc = RouteData<'corpDocuments'>[number];

// The reader is loaded on the first tap: the login's first view carries only the links.
const DocumentSheet = lazy(() => import('./document-sheet').then((m) => ({ default: m.DocumentSheet })));

/** The corp's compliance documents (用户服务协议, 隐私政策) in their current versions. */
export function useCorpDocuments(): readonly Doc[] {
  return useEndpointQuery('corpDocuments', {}, { meta: { quiet: true }, staleTime: 5 * 60_000 }).data ?? [];
}

/**
 * "登录即表示同意《用户服务协议》与《隐私政策》": each title a link to the corp's own document (set in the
 * campaign definition), read in a sheet; the versions agreed to are recorded at log-in (login-screen.tsx).
 */
export function Agreement({ docs }: { docs: readonly Doc[] }) {
  const [open, setOpen] = useState<Doc | null>(null);
  if (docs.length === 0) return <p className="login-agreement">{t('login.agreement')}</p>;
  return (
    <>
      <p className="login-agreement" data-testid="login-agreement">
        {t('login.agreementPrefix')}
        {docs.map((d, i) => (
          <span key={d.key}>
            {i > 0 ? t('login.agreementAnd') : ''}
            <a
              href={`#doc-${d.key}`}
              className="login-doc-link"
              data-testid={`doc-link-${d.key}`}
              onClick={(e) => {
                e.preventDefault();
                setOpen(d);
              }}
            >
              {t('text.bookTitle', { title: d.title })}
            </a>
          </span>
        ))}
      </p>
      {open ? (
        <Suspense fallback={null}>
          <DocumentSheet docKey={open.key} title={open.title} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
