// What the staff module provides to show who did something, declared once: approvals, alerts, campaigns
// and settings are handed it by services.ts and import this type (modules never import each other).

/** Staff names by id (modules/staff). */
export interface StaffNamesPort {
  names(corpId: string, ids: string[]): Promise<Map<string, string>>;
}
