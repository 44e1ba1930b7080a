// The corp's kill switch as every node reads it (platform/tenancy.ts createCampaignHalts provides it,
// docs/decisions/0332-kill-switch.md), declared once: the activity and campaigns modules import this type.

/** Whether the corp's campaigns are halted: every activity reads as paused and admits nobody. At most a second stale. */
export interface HaltsPort {
  halted(corpId: string): Promise<boolean>;
}
