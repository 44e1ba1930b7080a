import type { RouteData } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { t } from '../shared/i18n/messages';
import { ActionButton } from '../shared/ui/action-button';
import { SubLoading, SubState } from '../shared/ui/sub-page';
import { useEndpointMutation, useEndpointQuery } from './endpoint-query';
import { isExpired } from './query-client';
import './staff-gate.css';

export type StaffMember = RouteData<'staffMe'>;

/**
 * Staff screens (approvals, the store counter) open only for a staff session (docs/decisions/0320-staff-roles.md). The host app opens
 * them with `staffTicket=<ticket>`: it is exchanged once and dropped from the address bar. Without a
 * session the screen asks for a staff ticket; a customer's session gets the server's 403 message.
 */
export function StaffGate({ children }: { children: (staff: StaffMember) => ReactNode }) {
  const client = useQueryClient();
  // A ticket in the URL is exchanged first; "who am I" is asked only once that is settled (no race between
  // the log-in's cookie and a read sent before it).
  const [urlTicket, setUrlTicket] = useState(() => new URL(window.location.href).searchParams.get('staffTicket'));
  const me = useEndpointQuery('staffMe', {}, { meta: { quiet: true }, retry: false, enabled: urlTicket === null });
  const login = useEndpointMutation('staffLogin', {
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['staffMe'] });
    },
  });
  const [ticket, setTicket] = useState('');
  const tried = useRef(false);
  useEffect(() => {
    if (urlTicket === null || tried.current) return;
    tried.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete('staffTicket');
    window.history.replaceState(window.history.state, '', url.toString());
    login.mutate({ body: { ticket: urlTicket } }, { onSettled: () => setUrlTicket(null) });
  }, [urlTicket, login]);

  if (me.data) return <>{children(me.data)}</>;
  if (urlTicket !== null || me.isPending || login.isPending) return <SubLoading rows={3} />;
  const refused = me.error && !isExpired(me.error);
  const desc = login.error?.detail ?? (refused ? me.error.detail : t('staff.loginDesc'));
  return (
    <SubState icon="shield" title={t('staff.loginTitle')} desc={desc} testId="staff-login">
      <div className="staff-login">
        <label className="staff-login__label" htmlFor="staff-ticket">
          {t('staff.ticket')}
        </label>
        <textarea
          id="staff-ticket"
          className="staff-login__input"
          rows={3}
          value={ticket}
          onChange={(e) => setTicket(e.target.value)}
          placeholder={t('staff.ticketHint')}
        />
        <ActionButton
          disabled={!ticket.trim()}
          onAction={() => login.mutate({ body: { ticket: ticket.trim() } })}
          data-testid="staff-login-submit"
        >
          {t('staff.login')}
        </ActionButton>
      </div>
    </SubState>
  );
}
