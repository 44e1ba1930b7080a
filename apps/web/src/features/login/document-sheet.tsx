import { useEndpointQuery } from '../../api/endpoint-query';
import { t } from '../../shared/i18n/messages';
import { formatDate } from '../../shared/lib/format-date';
import { Modal } from '../../shared/ui/modal';
import './document-sheet.css';

/** One compliance document, its current version, read in a sheet over the login (plain-text paragraphs). */
export function DocumentSheet({ docKey, title, onClose }: { docKey: string; title: string; onClose: () => void }) {
  const doc = useEndpointQuery('corpDocument', { query: { key: docKey } }, { meta: { quiet: true } });
  return (
    <Modal open onClose={onClose} width="92%" height="80%" className="doc-sheet" title={t('text.bookTitle', { title })}>
      <div className="doc-sheet__body" data-testid="document-sheet">
        {doc.data ? (
          <>
            <p className="doc-sheet__version">
              {t('login.docVersion', {
                version: doc.data.version,
                at: formatDate(doc.data.effectiveAt, 'YYYY-MM-DD'),
              })}
            </p>
            {doc.data.body.split(/\n{2,}/).map((para, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text have no other identity
              <p key={i}>{para}</p>
            ))}
          </>
        ) : doc.isError ? (
          <p role="alert">{doc.error.detail}</p>
        ) : (
          <p role="status">{t('request.loading')}</p>
        )}
      </div>
    </Modal>
  );
}
