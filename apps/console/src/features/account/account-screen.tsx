import type { ConsoleAccount } from '@campaign/contract/client';
import { Alert, Card, Spin } from 'antd';
import { useEndpointQuery } from '../../api/queries';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { FactorCard } from './factor-card';
import { t } from './messages';
import { PasswordCard } from './password-card';
import { SignInsCard } from './sign-ins-card';
import './account.css';

/**
 * 我的账户 (issue 34 §2): the signed-in member's own password and second factor, and their recent sign-ins.
 * A member who signs in by the bank's single sign-on only has neither here: the page says where they are managed.
 */
export function AccountScreen() {
  const account = useEndpointQuery('consoleAccount', {});
  return (
    <div className="console-page">
      <PageHead
        title={t('account.title')}
        subtitle={
          account.data ? t('account.subtitle', { name: account.data.name, staffId: account.data.staffId }) : undefined
        }
      />
      {account.error ? (
        <LoadFailed error={account.error} retry={account.refetch} />
      ) : account.data ? (
        <AccountBody account={account.data} />
      ) : (
        <Spin className="console-center" />
      )}
      <SignInsCard />
    </div>
  );
}

function AccountBody({ account }: { account: ConsoleAccount }) {
  if (account.login === null)
    return (
      <Card className="account-card">
        <Alert type="info" showIcon title={t('account.sso.title')} description={t('account.sso.body')} />
      </Card>
    );
  return (
    <>
      <p className="account-meta muted" data-testid="account-meta">
        {t('account.login', { login: account.login })}
        {account.passwordChangedAt
          ? ` · ${t('account.passwordChangedAt', { time: formatTime(account.passwordChangedAt) })}`
          : null}
      </p>
      <div className="account-grid">
        <PasswordCard />
        <FactorCard />
      </div>
    </>
  );
}
