/**
 * `@campaign/contract/client`: what a browser needs to call the server, without zod's runtime
 * (docs/decisions/0110-zod-free-client.md). Runtime values come from modules that import zod for
 * types at most; the route metadata is generated from the one table (client-routes.ts); payload
 * and answer types are read from the zod table with `import type`, which leaves no code behind.
 * client.test.ts fails when this entry reaches a module that loads zod.
 */
export * from './campaign-draft';
export { forms } from './client-forms';
export { routes } from './client-routes';
export * from './cookies';
export type { BodyIn, DataOf, QueryIn } from './endpoint';
export type { Envelope } from './envelope';
export { BUSY_CODE, isSuccessCode } from './envelope-code';
export { ERRORS, type ErrorName, errorMessage } from './errors';
export * from './field-labels';
export { type FieldRule, type FormRules, fieldProblems, keepsRule } from './form-rules';
export * from './game-settings';
export * from './http';
// Types by name from the package's main entry (type-only: erased, nothing of zod is loaded).
export type {
  ActivityDetail,
  ActivityStatus,
  Alert,
  ApprovalItem,
  ApprovalPolicy,
  AuditEntry,
  AuditFilter,
  AuditVerify,
  CampaignChange,
  CampaignConflict,
  CampaignDetail,
  CampaignReview,
  CampaignRow,
  CampaignSort,
  CampaignSummary,
  ConsoleAccount,
  ConsoleMe,
  ConsoleNotification,
  ConsoleSignInRecord,
  ConsoleStaff,
  ConsoleStore,
  CorpSettings,
  Dashboard,
  DrawResult,
  EntrySlot,
  EntrySlots,
  ExportJob,
  InviteLink,
  InviteSuccess,
  InviteTask,
  NotificationKind,
  Offer,
  OfferBlock,
  OfferClaim,
  OfferType,
  PageConfig,
  PublicPrize,
  ReconcileCheck,
  ReconcileReport,
  RiskAction,
  RiskImportPreview,
  RiskImportRow,
  RiskListEntry,
  RiskListType,
  RiskMode,
  RiskReplay,
  RiskReplayJob,
  RiskReplayState,
  RiskReport,
  RiskRule,
  RiskRulesetDetail,
  RiskRulesetSummary,
  SessionUser,
  SlotBooking,
} from './index';
export * from './locale';
export { maskMobile } from './mask-mobile';
export * from './paths';
export * from './readable';
export * from './readable-messages';
export * from './readable-record';
export * from './report-kinds';
export type { RouteBody, RouteData, RouteMeta, RouteQuery, RouteTable } from './route-meta';
export type { EndpointName, Endpoints } from './table';
