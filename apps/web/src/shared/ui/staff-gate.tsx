import type { RouteData } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { isExpired } from '../../api/query-client';
import { t } from '../i18n/messages';
import { ActionButton } from './action-button';
import { SubLoading, SubState } from './sub-page';
import './staff-gate.css';

export type StaffMember = RouteData<'staffMe'>;

/**
 * Staff screens (approvals, the store counter) open only for a staff session (docs/decisions/0320-staff-roles.md). The host app opens
 * them with `staffTicket=<ticket>`: it is exchanged once and dropped from the address bar. Without a
 * session the screen asks for a staff ticket; a customer's session gets the server's 403 message.
 */
export function StaffGate({ children }: { children: (staff: StaffMember) => ReactNode }) {
  const client = useQueryClient();
  const me = useEndpointQuery('staffMe', {}, { meta: { quiet: true }, retry: false });
  const login = useEndpointMutation('staffLogin', {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['staffMe'] });
    },
  });
  const [ticket, setTicket] = useState('');
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    const url = new URL(window.location.href);
    const fromUrl = url.searchParams.get('staffTicket');
    if (!fromUrl) return;
    url.searchParams.delete('staffTicket');
    window.history.replaceState(window.history.state, '', url.toString());
    login.mutate({ body: { ticket: fromUrl } });
  }, [login]);

  if (me.data) return <>{children(me.data)}</>;
  if (me.isPending || login.isPending) return <SubLoading rows={3} />;
  const refused = me.error && !isExpired(me.error);
  return (
    <SubState
      icon="shield"
      title={t('staff.loginTitle')}
      desc={refused ? me.error.detail : t('staff.loginDesc')}
      testId="staff-login"
    >
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
