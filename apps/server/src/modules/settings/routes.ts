import type { settingsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { SettingsService } from './service';

export function settingsHandlers(svc: SettingsService): HandlersOf<typeof settingsEndpoints> {
  const acting = (who: { id: string; name: string; roles: string[] }, ip: string) => ({
    actor: { id: who.id, name: who.name, roles: who.roles },
    ip,
  });
  return {
    consoleSettings: async ({ corp }) => svc.get(corp),
    consoleSetApprovalPolicy: async ({ corp, console: who, body, req }) =>
      svc.setApprovalPolicy(acting(who, req.ip), corp, body),
    consoleSetKillSwitch: async ({ corp, console: who, body, req }) =>
      svc.setKillSwitch(acting(who, req.ip), corp, body),
  };
}
