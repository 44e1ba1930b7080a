import { z } from 'zod';
import { endpoint } from '../endpoint';
import { RISK_LIST_TYPES } from './console-risk';

// The risk lists' bulk import and the reversal of a reviewer's decision, each through a second person
// (issue 35; ADR 0393): a CSV becomes an approvals request `risk-list-import`, a reversal `risk-reversal`.

/** Rows one import takes at most, and the bytes of its file. */
export const RISK_IMPORT_MAX_ROWS = 5000;
export const RISK_IMPORT_MAX_BYTES = 1024 * 1024;

/**
 * The CSV's columns (a header row, any order): type,value,reason,expires or 类型,值,原因,到期. A type is the
 * key or its Chinese name (手机号, 设备, IP, 身份证号, 邀请码); expires is empty (never), a date YYYY-MM-DD
 * (the end of that day, China time) or a number of days (1–365).
 */
export const RISK_IMPORT_COLUMNS = ['type', 'value', 'reason', 'expires'] as const;

const who = z.object({ id: z.string(), name: z.string() });
const common = { version: 'none', access: 'console', tag: 'console-risk' } as const;
const csv = { types: ['text/csv', 'application/octet-stream'], maxBytes: RISK_IMPORT_MAX_BYTES } as const;

/** One valid row as the checker and the maker see it: phones and ID numbers masked (stored as keyed hashes). */
export const riskImportRowSchema = z.object({
  line: z.number().int(),
  type: z.enum(RISK_LIST_TYPES),
  shown: z.string(),
  reason: z.string(),
  expiresAt: z.number().int().nullable(),
  /** Already listed: its reason, expiry and source are renewed. */
  listed: z.boolean(),
});
export type RiskImportRow = z.infer<typeof riskImportRowSchema>;

export const riskImportPreviewSchema = z.object({
  rows: z.array(riskImportRowSchema),
  /** Every bad line (up to 500), in Chinese: `第 n 行` and what is wrong. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  errorCount: z.number().int(),
  encoding: z.enum(['utf-8', 'gbk']),
});
export type RiskImportPreview = z.infer<typeof riskImportPreviewSchema>;

export const riskReviewEndpoints = {
  riskListImportPreview: endpoint({
    ...common,
    roles: ['operator', 'admin'],
    method: 'POST',
    path: '/console/risk/lists/import/preview',
    loading: true,
    summary: `Check a CSV of list entries (type,value,reason,expires; UTF-8 or GBK; at most ${RISK_IMPORT_MAX_ROWS} rows): the valid rows masked and every bad line; stores nothing`,
    upload: csv,
    query: z.object({}),
    body: z.undefined(),
    data: riskImportPreviewSchema,
    errors: ['LIST_INVALID', 'UPLOAD_TOO_LARGE', 'UPLOAD_TYPE'],
  }),
  riskListImport: endpoint({
    ...common,
    roles: ['operator', 'admin'],
    method: 'POST',
    path: '/console/risk/lists/import',
    loading: true,
    summary:
      'Submit a CSV of list entries for a second person: an approvals request `risk-list-import` with the rows hashed (phones, ID numbers); a file with any bad line is refused whole',
    upload: csv,
    query: z.object({}),
    body: z.undefined(),
    data: z.object({ requestId: z.string(), rows: z.number().int() }),
    errors: ['LIST_INVALID', 'UPLOAD_TOO_LARGE', 'UPLOAD_TYPE'],
  }),
  riskReversalRequest: endpoint({
    ...common,
    roles: ['approver', 'admin'],
    method: 'POST',
    path: '/console/risk/reversal',
    loading: true,
    summary:
      "Ask a second person to reverse a decided risk case (a risk hold's return, an appeal's verdict); one request per case, reversed once",
    query: z.object({}),
    body: z.object({
      id: z.string().regex(/^[\w-]{8,64}$/),
      reason: z.string().trim().min(2, '请说明撤销理由（至少 2 个字）').max(200, '理由最多 200 字'),
    }),
    data: z.object({ requestId: z.string(), requestedBy: who }),
    errors: ['APPROVAL_NOT_FOUND', 'RISK_REVERSAL_REFUSED', 'RISK_REVERSAL_PENDING'],
  }),
} as const;
