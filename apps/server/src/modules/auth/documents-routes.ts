import type { documentsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { DocumentsService } from './documents';

export function documentsHandlers(svc: DocumentsService): HandlersOf<typeof documentsEndpoints> {
  return {
    corpDocuments: async ({ corp }) => svc.list(corp),
    corpDocument: async ({ corp, query }) => svc.read(corp, query.key, query.version),
    documentConsent: async ({ corp, user, body }) => svc.consent(corp, user, body.documents),
    myDocumentConsents: async ({ corp, user }) => svc.consents(corp, user),
  };
}
