import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

/**
 * A corp's compliance documents (用户服务协议, 隐私政策), set in the campaign definition (corps[].documents),
 * versioned; the customer's consent to a version is recorded per account (docs/decisions/0045-compliance-documents.md).
 */
export const documentKeySchema = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/);
export const documentVersionSchema = z.string().regex(/^[A-Za-z0-9._-]{1,32}$/);

export const documentSummarySchema = z.object({
  /** Stable key: `terms` (用户服务协议), `privacy` (隐私政策), … */
  key: z.string(),
  /** Shown title, e.g. 用户服务协议 (the link text is 《title》). */
  title: z.string(),
  /** The current version (a consent names the version it agreed to). */
  version: z.string(),
  /** When this version takes effect (ms since epoch). */
  effectiveAt: z.number().int(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentSchema = documentSummarySchema.extend({
  /** Plain text; paragraphs separated by a blank line ("\n\n"); no HTML. */
  body: z.string(),
});
export type ComplianceDocument = z.infer<typeof documentSchema>;

export const documentConsentSchema = z.object({
  key: z.string(),
  version: z.string(),
  /** When the customer consented (ms since epoch). */
  consentedAt: z.number().int(),
  /** True when this version is still the current one (false: ask again). */
  current: z.boolean(),
});
export type DocumentConsent = z.infer<typeof documentConsentSchema>;

export const documentsEndpoints = {
  corpDocuments: endpoint({
    method: 'GET',
    path: '/corp/documents',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'corp',
    errors: [],
    summary: "The corp's compliance documents (user agreement, privacy policy): key, title, current version",
    query: empty,
    body: z.undefined(),
    data: z.array(documentSummarySchema),
  }),
  corpDocument: endpoint({
    method: 'GET',
    path: '/corp/document',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'corp',
    errors: ['DOCUMENT_NOT_FOUND'],
    summary: 'One compliance document to read: its current version, or the version asked for',
    query: z.object({ key: documentKeySchema, version: documentVersionSchema.optional() }),
    body: z.undefined(),
    data: documentSchema,
  }),
  documentConsent: endpoint({
    method: 'POST',
    path: '/corp/documents/consent',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'corp',
    errors: ['DOCUMENT_NOT_FOUND', 'DOCUMENT_VERSION_STALE'],
    summary:
      "Records the logged-in customer's consent to documents' current versions (key, version, time); repeating it keeps the first time",
    query: empty,
    body: z.object({
      documents: z
        .array(z.object({ key: documentKeySchema, version: documentVersionSchema }))
        .min(1)
        .max(10),
    }),
    data: z.array(documentConsentSchema),
  }),
  myDocumentConsents: endpoint({
    method: 'GET',
    path: '/corp/documents/consents',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'corp',
    errors: [],
    summary: "The logged-in customer's consents, newest version per document, and whether each is current",
    query: empty,
    body: z.undefined(),
    data: z.array(documentConsentSchema),
  }),
} as const;
