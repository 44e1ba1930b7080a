import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { rememberCorpId } from '../../api/corp';
import { ApiError, call } from '../../api/request';
import { useSignedIn } from '../../api/session';
import { t } from './messages';

/**
 * Where the corp's identity provider sends the browser back (`/console/sso/callback/<corpId>?code&state`):
 * the query goes to the server once, which checks it against this browser's transaction and opens the
 * session; the code is then dropped from the address bar.
 */
export function SsoCallbackScreen() {
  const { corpId = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    rememberCorpId(corpId);
    const callbackQuery = location.search.slice(1);
    window.history.replaceState(null, '', location.pathname);
    call('consoleSsoCallback', { body: { callbackQuery } }).then(
      (me) => {
        signedIn(me);
        const back = sessionStorage.getItem('console.ssoRedirect') ?? '/';
        sessionStorage.removeItem('console.ssoRedirect');
        void navigate(back.startsWith('/') && !back.startsWith('//') ? back : '/', { replace: true });
      },
      (err) => setError(err instanceof ApiError ? err.message : String(err)),
    );
  }, [corpId, navigate, signedIn]);

  if (error) {
    return (
      <main className="console-center" style={{ minHeight: '100vh' }}>
        <Result
          status="warning"
          title={t('sso.failed')}
          subTitle={error}
          extra={
            <Button type="primary" onClick={() => navigate('/sign-in', { replace: true })}>
              {t('sso.back')}
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main className="console-center" style={{ minHeight: '100vh' }}>
      <Spin size="large" tip={t('sso.working')}>
        <div style={{ width: 240, height: 80 }} />
      </Spin>
    </main>
  );
}
