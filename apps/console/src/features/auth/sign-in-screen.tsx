import { Alert, Button, Divider, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { currentCorpId, rememberCorpId } from '../../api/corp';
import { useEndpointQuery } from '../../api/queries';
import { ApiError, call } from '../../api/request';
import { useSignedIn } from '../../api/session';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';
import './sign-in.css';

interface Credentials {
  login: string;
  password: string;
  totp: string;
}

/** Where to go after signing in: a path inside the console, never another site. */
function safeRedirect(raw: string | null): string {
  return raw?.startsWith('/') && !raw.startsWith('//') ? raw : '/';
}

/** Sign-in: the corp, then a local account (password + TOTP) or the corp's single sign-on. */
export function SignInScreen() {
  const [params] = useSearchParams();
  const [corpId, setCorpId] = useState(currentCorpId);
  return (
    <div className="sign-in">
      <section className="sign-in__brand" aria-labelledby="brand-title">
        <div className="sign-in__mark" aria-hidden="true">
          {t('signIn.mark')}
        </div>
        <h1 id="brand-title" className="sign-in__app">
          {t('app.name')}
        </h1>
        <p className="sign-in__tagline">{t('app.tagline')}</p>
        <ul className="sign-in__points">
          <li>{t('signIn.point.separation')}</li>
          <li>{t('signIn.point.audit')}</li>
          <li>{t('signIn.point.halt')}</li>
        </ul>
      </section>
      <main className="sign-in__panel">
        <div className="sign-in__card">
          {params.get('expired') ? (
            <Alert type="warning" showIcon title={t('signIn.expired')} className="sign-in__notice" />
          ) : null}
          {params.get('signedOut') ? (
            <Alert type="success" showIcon title={t('signIn.signedOut')} className="sign-in__notice" />
          ) : null}
          {corpId ? (
            <SignInForm
              onSwitchCorp={() => {
                rememberCorpId(null);
                setCorpId(null);
              }}
              redirect={safeRedirect(params.get('redirect'))}
            />
          ) : (
            <CorpStep
              onCorp={(id) => {
                rememberCorpId(id);
                setCorpId(id);
              }}
            />
          )}
        </div>
      </main>
    </div>
  );
}

function CorpStep({ onCorp }: { onCorp: (id: string) => void }) {
  return (
    <>
      <h2 className="sign-in__title">{t('signIn.title')}</h2>
      <Form layout="vertical" requiredMark={false} onFinish={(v: { corp: string }) => onCorp(v.corp.trim())}>
        <Form.Item
          name="corp"
          label={t('signIn.corp')}
          extra={t('signIn.corpHint')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('signIn.corpHint') }]}
        >
          <Input size="large" autoComplete="organization" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block>
          {t('signIn.corpContinue')}
        </Button>
      </Form>
    </>
  );
}

function SignInForm({ onSwitchCorp, redirect }: { onSwitchCorp: () => void; redirect: string }) {
  const options = useEndpointQuery('consoleSignInOptions', {}, { retry: false, staleTime: 300_000 });
  const [ssoError, setSsoError] = useState<string | null>(null);
  if (options.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (options.error) {
    return (
      <>
        <Alert
          type="error"
          showIcon
          title={options.error.code === 1001 ? t('signIn.corpUnknown') : options.error.message}
        />
        <Button type="link" onClick={onSwitchCorp} className="sign-in__switch">
          {t('signIn.switchCorp')}
        </Button>
      </>
    );
  }
  return (
    <>
      <div className="sign-in__corp">
        <Typography.Text type="secondary">{options.data.corpName}</Typography.Text>
        <Button type="link" size="small" onClick={onSwitchCorp}>
          {t('signIn.switchCorp')}
        </Button>
      </div>
      <h2 className="sign-in__title">{t('signIn.title')}</h2>
      {ssoError ? <Alert type="error" showIcon title={ssoError} className="sign-in__notice" role="alert" /> : null}
      {options.data.sso ? <SsoButton redirect={redirect} onError={setSsoError} /> : null}
      <CredentialsForm redirect={redirect} />
      <p className="sign-in__security">{t('signIn.security')}</p>
    </>
  );
}

/** The corp's single sign-on: to the identity provider, coming back to `redirect`. */
function SsoButton({ redirect, onError }: { redirect: string; onError: (message: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const sso = async () => {
    setBusy(true);
    onError(null);
    try {
      sessionStorage.setItem('console.ssoRedirect', redirect);
      const { url } = await call('consoleSsoStart', { body: {} });
      location.assign(url);
    } catch (err) {
      onError(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="large" block onClick={sso} loading={busy} disabled={busy} data-testid="sso">
        {t('signIn.sso')}
      </Button>
      <Divider plain className="sign-in__or">
        {t('signIn.or')}
      </Divider>
    </>
  );
}

/** A local account: login, password and the authenticator's code; a refusal clears the code. */
function CredentialsForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const signIn = useEndpointForm<'consoleSignIn', Credentials>('consoleSignIn', {
    onSuccess: (me) => {
      signedIn(me);
      void navigate(redirect, { replace: true });
    },
    onRefused: () => {
      signIn.form.setFieldValue('totp', '');
      return false;
    },
  });
  return (
    <>
      {signIn.error ? (
        <Alert type="error" showIcon title={signIn.error.message} className="sign-in__notice" role="alert" />
      ) : null}
      <Form {...signIn.formProps} requiredMark={false}>
        <Form.Item
          name="login"
          label={t('signIn.login')}
          rules={[{ required: true, message: t('signIn.required.login') }]}
        >
          <Input size="large" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signIn.password')}
          rules={[{ required: true, message: t('signIn.required.password') }]}
        >
          <Input.Password size="large" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="totp"
          label={t('signIn.totp')}
          extra={t('signIn.totpHint')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('signIn.required.totp') }]}
        >
          <Input
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="sign-in__totp"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={signIn.submitting}>
          {t('signIn.submit')}
        </Button>
      </Form>
    </>
  );
}
