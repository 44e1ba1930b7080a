import type { ConsoleRole } from '@campaign/contract/client';
import { type MessageKey, t } from '../shared/i18n';

/**
 * The console's sections, in menu order: path, title and the roles that see them (docs/console.md). The
 * menu shows only what the signed-in user's roles allow, and a section's route refuses the others with a
 * designed "no permission" page; the server checks the same roles on every call.
 */
export interface Section {
  path: string;
  title: MessageKey;
  roles: readonly ConsoleRole[];
  /** Not built yet: an honest "coming" page, never made-up data. */
  coming?: boolean;
}

export const SECTIONS: readonly Section[] = [
  // Everyone reads campaigns, the admin (who may stop them all) included; the screens offer writes to operators.
  { path: 'campaigns', title: 'nav.campaigns', roles: ['operator', 'approver', 'auditor', 'admin'] },
  { path: 'approvals', title: 'nav.approvals', roles: ['approver'] },
  { path: 'dashboard', title: 'nav.dashboard', roles: ['operator', 'approver', 'auditor'] },
  { path: 'audit', title: 'nav.audit', roles: ['auditor', 'admin'] },
  { path: 'reports', title: 'nav.reports', roles: ['operator', 'auditor', 'admin'] },
  { path: 'reconcile', title: 'nav.reconcile', roles: ['operator', 'approver', 'auditor', 'admin'] },
  { path: 'alerts', title: 'nav.alerts', roles: ['operator', 'approver', 'auditor', 'admin'] },
  // 风控 (issue 35): everyone who reads campaigns reads the rulesets and lists; the screens offer writes to operators.
  { path: 'risk', title: 'nav.risk', roles: ['operator', 'approver', 'auditor', 'admin'] },
  { path: 'stores', title: 'nav.stores', roles: ['operator', 'approver', 'auditor', 'admin'] },
  { path: 'staff', title: 'nav.staff', roles: ['admin'] },
  { path: 'settings', title: 'nav.settings', roles: ['operator', 'approver', 'auditor', 'admin'] },
];

export const allows = (section: Section, roles: readonly string[]) => section.roles.some((r) => roles.includes(r));
export const sectionOf = (pathname: string) => SECTIONS.find((s) => pathname.split('/')[1] === s.path);

/** A page's document title: its section beside the console's name (the browser tab, history, bookmarks). */
export function pageTitle(pathname: string): string {
  const section = sectionOf(pathname);
  return section ? `${t(section.title)} - ${t('app.name')}` : t('app.name');
}
