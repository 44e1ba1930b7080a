import type { SessionUser } from '@campaign/contract/client';
import { useEffect, useState } from 'react';
import { useEndpointMutation } from '../../api/endpoint-query';
import { useSession } from '../../api/session';
import { t } from '../../shared/i18n/messages';
import { Link, useLocation, useNavigate, useSearchParams } from '../../shared/navigation/navigation';
import { homePath } from '../../shared/navigation/paths';
import { ActionButton } from '../../shared/ui/action-button';
import { Icon } from '../../shared/ui/icon';
import { useCorpDocuments } from './agreement';
import { redirectTarget } from './login-form';
import { OtpForm } from './otp-form';
import { useOtpForm } from './use-otp-form';
import './login-screen.css';

function HeaderArt() {
  return (
    <svg className="login-art" viewBox="0 0 140 120" aria-hidden="true">
      <defs>
        <linearGradient id="la-box" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe1a8" />
          <stop offset="1" stopColor="#f5b041" />
        </linearGradient>
        <linearGradient id="la-lid" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff0cf" />
          <stop offset="1" stopColor="#ffc766" />
        </linearGradient>
      </defs>
      <circle cx="78" cy="62" r="50" fill="rgba(255,255,255,.12)" />
      <circle cx="78" cy="62" r="34" fill="rgba(255,255,255,.12)" />
      <rect x="44" y="58" width="68" height="50" rx="6" fill="url(#la-box)" />
      <rect x="38" y="44" width="80" height="18" rx="5" fill="url(#la-lid)" />
      <rect x="72" y="44" width="12" height="64" fill="#e3352e" />
      <path d="M78 44c-10-16-30-14-26-3 3 7 18 5 26 3zm0 0c10-16 30-14 26-3-3 7-18 5-26 3z" fill="#e3352e" />
      <circle cx="22" cy="30" r="5" fill="#ffd58a" />
      <circle cx="126" cy="22" r="3.5" fill="#fff" opacity=".8" />
      <path d="M20 84l4 8 8 4-8 4-4 8-4-8-8-4 8-4z" fill="#fff" opacity=".9" />
      <path d="M124 74l2.5 5 5 2.5-5 2.5-2.5 5-2.5-5-5-2.5 5-2.5z" fill="#ffd58a" />
    </svg>
  );
}

function LoggedInCard({
  user,
  target,
}: {
  user: SessionUser;
  /** Set while the screen is forwarding to it (the card is then only a brief "taking you back"). */
  target: string | null;
}) {
  const navigate = useNavigate();
  // On success the cached session becomes "nobody" (api/effects.ts) and the form comes back.
  const logout = useEndpointMutation('logout');
  return (
    <section className="login-card login-done" aria-live="polite" data-testid="logged-in-card">
      <div className="login-avatar">
        <Icon name="account" size="2.4rem" />
      </div>
      <h2 className="login-done-title">{target ? t('login.redirecting') : t('login.loggedIn')}</h2>
      <p className="login-done-sub" data-testid="logged-in-mobile">
        {t('login.loggedInAs', { mobile: user.mobileMasked ?? user.nuid })}
      </p>
      <ActionButton block onAction={() => navigate(target ?? homePath())}>
        {t('login.continue')}
      </ActionButton>
      <ActionButton
        block
        variant="ghost"
        className="login-logout"
        onAction={() => logout.mutateAsync({}).catch(() => undefined)}
      >
        {t('login.logout')}
      </ActionButton>
    </section>
  );
}

function LoginHero({ signedIn, stepUp }: { signedIn: boolean; stepUp: boolean }) {
  return (
    <header className="login-hero">
      <div className="login-brand">
        <span className="login-logo" aria-hidden="true">
          ¥
        </span>
        {t('app.brand')}
      </div>
      <h1 className="login-title">
        {stepUp ? t('login.stepUpTitle') : signedIn ? t('login.welcomeBack') : t('login.heading')}
      </h1>
      <p className="login-welcome">{stepUp ? t('login.stepUpDesc') : t('login.welcome')}</p>
      <HeaderArt />
      <ul className="login-perks">
        <li>
          <Icon name="gift" size="1.6rem" />
          {t('login.perk1')}
        </li>
        <li>
          <Icon name="hot" size="1.6rem" />
          {t('login.perk2')}
        </li>
        <li>
          <Icon name="vip" size="1.6rem" />
          {t('login.perk3')}
        </li>
      </ul>
    </header>
  );
}

function LoginSteps() {
  return (
    <section className="login-steps" aria-label={t('login.stepsTitle')}>
      <h2>{t('login.stepsTitle')}</h2>
      <ol>
        <li>
          <span className="login-step-icon">
            <Icon name="phone" size="1.8rem" />
          </span>
          {t('login.step1')}
        </li>
        <li>
          <span className="login-step-icon">
            <Icon name="hot" size="1.8rem" />
          </span>
          {t('login.step2')}
        </li>
        <li>
          <span className="login-step-icon">
            <Icon name="gift" size="1.8rem" />
          </span>
          {t('login.step3')}
        </li>
      </ol>
    </section>
  );
}

export function LoginScreen() {
  const [params] = useSearchParams();
  const target = redirectTarget(params.get('redirect'));
  const navigate = useNavigate();
  // The one cached session (api/session.ts): login, logout and an expired login update it, and a
  // stale entry is read again when this kept-alive screen is shown again. undefined = still reading.
  const user = useSession();
  const docs = useCorpDocuments();
  const location = useLocation();
  // Signed in on this screen at this visit (not a session the visitor arrived with).
  const [freshAt, setFreshAt] = useState<string | null>(null);
  // After signing in: the redirect target, else the corp's home (the activity park). A visitor who
  // arrived signed in without a target stays on the "logged in" card (continue / log out).
  const fresh = freshAt === location.key;
  // A draw's risk check asked for an SMS code (RISK_STEP_UP, `stepUp=1`): a signed-in customer gets the form,
  // not the card, until a fresh code was entered here; then back to the game.
  const verifying = params.get('stepUp') === '1' && !fresh;
  const forward = user && !verifying ? (target ?? (fresh ? homePath() : null)) : null;
  const form = useOtpForm(docs, () => setFreshAt(location.key));

  // One place decides the forward, for both ways of being signed in here: a fresh login, or a
  // visitor who already had a session. Runs only while the screen is shown (a hidden keep-alive
  // screen has no effects), with the session read for this very visit.
  useEffect(() => {
    if (forward) navigate(forward, { replace: true });
  }, [forward, navigate]);

  return (
    <div className="login">
      <LoginHero signedIn={Boolean(user)} stepUp={verifying} />
      {user && !verifying ? <LoggedInCard user={user} target={forward} /> : <OtpForm form={form} docs={docs} />}
      <LoginSteps />
      <Link className="login-auth-link" to={`/authPage?redirect=${encodeURIComponent('/login')}`}>
        {t('login.authLink')}
        <Icon name="chevron-right" size="1.2rem" />
      </Link>
      <footer className="login-footer">
        <Icon name="shield" size="1.4rem" />
        {t('login.secure')}
      </footer>
    </div>
  );
}
