import { describe, expect, it } from 'vitest';
import { reportsEndpoints } from './endpoints/console-reports';
import { AUDIT_READERS, CONSOLE_ROLES } from './paths';
import { EXPORT_KIND_ROLES, EXPORT_KINDS, EXPORT_ROLES, mayExport } from './report-kinds';

describe('export kinds and their roles', () => {
  it('the export endpoints open to exactly the roles some kind allows', () => {
    const union = CONSOLE_ROLES.filter((r) => EXPORT_KINDS.some((k) => mayExport(k, [r])));
    expect([...EXPORT_ROLES].sort()).toEqual([...union].sort());
    for (const ep of Object.values(reportsEndpoints)) expect([...(ep.roles ?? [])].sort()).toEqual([...union].sort());
  });

  it('the audit log exports to the roles of the audit screen only', () => {
    expect(EXPORT_KIND_ROLES.audit).toBe(AUDIT_READERS);
    expect(mayExport('audit', ['operator'])).toBe(false);
    expect(mayExport('audit', ['auditor'])).toBe(true);
    expect(mayExport('winners', ['approver'])).toBe(false);
  });
});
