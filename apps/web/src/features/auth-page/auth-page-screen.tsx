import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchEndpoint } from '../../api/endpoint-query';
import { CallFailure } from '../../api/errors';
import { useSession } from '../../api/session';
import { t } from '../../shared/i18n/messages';
import { safeInternalPath } from '../../shared/lib/query-params';
import { goBack } from '../../shared/navigation/back';
import { useLocation, useNavigate, useSearchParams } from '../../shared/navigation/navigation';
import { currentCorpId, homePath, loginPath } from '../../shared/navigation/paths';
import { useGlobalStore } from '../../shared/store/global-store';
import { ActionButton } from '../../shared/ui/action-button';
import { BackControl } from '../../shared/ui/back-control';
import { showToast } from '../../shared/ui/feedback';
import { Icon } from '../../shared/ui/icon';
import type { IconName } from '../../shared/ui/icon-sprite';
import './auth-page-screen.css';

function Illustration() {
  return (
    <svg className="auth-art" viewBox="0 0 240 110" aria-hidden="true">
      <defs>
        <linearGradient id="aa-shield" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff7a3d" />
          <stop offset="1" stopColor="#c21f24" />
        </linearGradient>
      </defs>
      <circle cx="40" cy="55" r="28" fill="#fff1ea" />
      <circle cx="40" cy="47" r="9" fill="none" stroke="#e3352e" strokeWidth="3" />
      <path d="M25 69a15 15 0 0 1 30 0" fill="none" stroke="#e3352e" strokeWidth="3" strokeLinecap="round" />
      <circle cx="200" cy="55" r="28" fill="#fff7e6" />
      <rect x="186" y="44" width="28" height="22" rx="3" fill="none" stroke="#f5b041" strokeWidth="3" />
      <path d="M186 52h28" stroke="#f5b041" strokeWidth="3" />
      <path d="M80 55h26M134 55h26" stroke="#f2b8a2" strokeWidth="3" strokeDasharray="4 5" strokeLinecap="round" />
      <path d="M120 18l30 11v21c0 19-13 31-30 37-17-6-30-18-30-37V29z" fill="url(#aa-shield)" />
      <path
        d="m107 53 9 9 17-18"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const ITEMS: ReadonlyArray<{
  icon: IconName;
  title: 'auth.profile' | 'auth.phone' | 'auth.openId';
  desc: 'auth.profileDesc' | 'auth.phoneDesc' | 'auth.openIdDesc';
}> = [
  { icon: 'account', title: 'auth.profile', desc: 'auth.profileDesc' },
  { icon: 'phone', title: 'auth.phone', desc: 'auth.phoneDesc' },
  { icon: 'shield', title: 'auth.openId', desc: 'auth.openIdDesc' },
];
/** What is shared, and the notice about it. */
function AuthItems() {
  return (
    <>
      <ul className="auth-items">
        {ITEMS.map((item) => (
          <li key={item.title} className="auth-item">
            <span className="auth-item-icon">
              <Icon name={item.icon} size="1.8rem" />
            </span>
            <span>
              <strong>{t(item.title)}</strong>
              <small>{t(item.desc)}</small>
            </span>
            <Icon name="check" size="1.4rem" className="auth-item-check" />
          </li>
        ))}
      </ul>
      <section className="auth-notice">
        <h2>
          <Icon name="lock" size="1.4rem" />
          {t('auth.noticeTitle')}
        </h2>
        <ol>
          <li>{t('auth.notice1')}</li>
          <li>{t('auth.notice2')}</li>
          <li>{t('auth.notice3')}</li>
          <li>{t('auth.notice4')}</li>
        </ol>
      </section>
    </>
  );
}

interface ConsentBarProps {
  agreed: boolean;
  termsError: boolean;
  onAgree: (yes: boolean) => void;
  onDecline: () => void;
  onAccept: () => Promise<void>;
}

/** The terms box and the two answers. */
function ConsentBar({ agreed, termsError, onAgree, onDecline, onAccept }: ConsentBarProps) {
  return (
    <div className="auth-bottom">
      <label className={`auth-terms${termsError && !agreed ? ' has-error' : ''}`}>
        <input
          type="checkbox"
          checked={agreed}
          data-testid="auth-terms"
          onChange={(event) => onAgree(event.target.checked)}
        />
        <span className="auth-box" aria-hidden="true">
          <Icon name="check" size="1rem" />
        </span>
        {t('auth.terms')}
      </label>
      <p className="auth-error" role="alert">
        {termsError && !agreed ? t('auth.termsRequired') : ''}
      </p>
      <div className="auth-actions">
        <ActionButton variant="ghost" onAction={onDecline}>
          {t('auth.decline')}
        </ActionButton>
        <ActionButton onAction={onAccept} data-testid="auth-accept">
          {t('auth.accept')}
        </ActionButton>
      </div>
    </div>
  );
}

/**
 * /authPage: consent to share profile, phone and user id with the campaign. Accepting confirms the
 * session's identity with the service and returns to `redirect` (where the user came from).
 */
export function AuthPageScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const setOpenId = useGlobalStore((s) => s.setOpenId);
  const target = safeInternalPath(params.get('redirect'), homePath());
  // Back from the log-in this consent sent the customer to: the terms were already accepted there.
  const resumed = params.get('agreed') === '1';
  const [agreed, setAgreed] = useState(resumed);
  const [termsError, setTermsError] = useState(false);
  const client = useQueryClient();
  const session = useSession();
  const resumeTried = useRef(false);

  const accept = async () => {
    if (!agreed) {
      setTermsError(true);
      return;
    }
    try {
      const openId = await fetchEndpoint(client, 'wechatOpenId', {}, { quiet: true });
      if (openId) setOpenId(openId);
      showToast(t('auth.granted'));
      navigate(target, { replace: true });
    } catch (error) {
      // Not signed in is the usual case for a first visit, not an "expired" login: log in, then
      // come back here to accept.
      if (error instanceof CallFailure && (error.status === 401 || error.code === 401)) {
        // Log in, then come straight back here with the terms accepted: the consent completes by itself
        // and the customer lands where they started (`redirect`), with the corp they came with.
        const back = new URLSearchParams(location.search);
        back.set('redirect', target);
        back.set('agreed', '1');
        const corpId = currentCorpId();
        if (corpId) back.set('corpId', corpId);
        navigate(loginPath({ pathname: location.pathname, search: `?${back}` }), { replace: true });
      } else if (error instanceof CallFailure) showToast(error.detail);
    }
  };

  // Logged in now (back from the log-in): finish the consent the customer already gave.
  useEffect(() => {
    if (!resumed || !session || resumeTried.current) return;
    resumeTried.current = true;
    void accept();
  });

  return (
    <div className="auth">
      <header className="auth-bar">
        <BackControl fallback={target} />
        <h1 className="auth-bar__title">{t('auth.heading')}</h1>
      </header>
      <div className="auth-top">
        <Illustration />
        <p className="auth-intro">{t('auth.intro', { brand: t('app.brand') })}</p>
      </div>
      <AuthItems />
      <ConsentBar
        agreed={agreed}
        termsError={termsError}
        onAgree={(yes) => {
          setAgreed(yes);
          setTermsError(false);
        }}
        onDecline={() => goBack(navigate, target)}
        onAccept={accept}
      />
    </div>
  );
}
