import { useEffect, useState } from 'react';
import { useEndpointMutation } from '../../api/endpoint-query';
import { CallFailure } from '../../api/errors';
import { t } from '../../shared/i18n/messages';
import { showToast } from '../../shared/ui/feedback';
import type { useCorpDocuments } from './agreement';
import { codeError, mobileError, secondsLeft } from './login-form';

export type OtpForm = ReturnType<typeof useOtpForm>;

/**
 * The log-in form's state and its two actions (send a code, log in). Held by the screen, so a log-out
 * brings the form back as it was left.
 */
export function useOtpForm(docs: ReturnType<typeof useCorpDocuments>, onSignedIn: () => void) {
  const otpSend = useEndpointMutation('otpSend');
  const otpLogin = useEndpointMutation('otpLogin');
  const consent = useEndpointMutation('documentConsent');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | null; code?: string | null }>({});
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const left = secondsLeft(resendAt, now);

  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [resendAt]);

  const sendCode = async () => {
    const problem = mobileError(mobile);
    setErrors((e) => ({ ...e, mobile: problem }));
    if (problem || left > 0) return;
    try {
      const answer = await otpSend.mutateAsync({ body: { mobile } });
      setResendAt(Date.now() + answer.resendAfterSec * 1000);
      setNow(Date.now());
      setDemoCode(answer.demoCode);
      setSent(true);
      showToast(t('login.sent'));
    } catch {
      // The request layer has shown the reason.
    }
  };

  const submit = async () => {
    const next = { mobile: mobileError(mobile), code: codeError(code) };
    setErrors(next);
    if (next.mobile || next.code) return;
    try {
      // Success stores the user as the cached session (api/effects.ts): the card or the forward follows.
      await otpLogin.mutateAsync({ body: { mobile, code }, quiet: true });
      // Logging in is agreeing to the documents shown: the versions and the time are recorded per account.
      if (docs.length > 0) {
        await consent
          .mutateAsync({ body: { documents: docs.map((d) => ({ key: d.key, version: d.version })) }, quiet: true })
          .catch(() => undefined);
      }
      onSignedIn();
      setCode('');
    } catch (error) {
      // Refusals about the code belong under the code field; anything else is a toast.
      if (error instanceof CallFailure && error.code !== undefined) setErrors({ code: error.detail });
      else if (error instanceof CallFailure) showToast(error.detail);
    }
  };

  return { mobile, setMobile, code, setCode, errors, setErrors, left, sent, demoCode, sendCode, submit };
}
