import { useId } from 'react';
import { t } from '../../shared/i18n/messages';
import { ActionButton } from '../../shared/ui/action-button';
import { Icon } from '../../shared/ui/icon';
import { Agreement, type useCorpDocuments } from './agreement';
import type { OtpForm as Form } from './use-otp-form';

function MobileField({ form }: { form: Form }) {
  const mobileId = useId();
  const { errors, setErrors } = form;
  return (
    <>
      <label className="login-label" htmlFor={mobileId}>
        {t('login.mobile')}
      </label>
      <div className={`login-field${errors.mobile ? ' has-error' : ''}`}>
        <Icon name="phone" size="1.7rem" className="login-field-icon" />
        <span className="login-prefix">+86</span>
        <input
          id={mobileId}
          name="mobile"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          placeholder={t('login.mobilePlaceholder')}
          value={form.mobile}
          aria-invalid={Boolean(errors.mobile)}
          aria-describedby={errors.mobile ? `${mobileId}-error` : undefined}
          onChange={(event) => {
            form.setMobile(event.target.value.replace(/\D/g, ''));
            if (errors.mobile) setErrors((e) => ({ ...e, mobile: null }));
          }}
        />
      </div>
      <p className="login-error" id={`${mobileId}-error`} role="alert">
        {errors.mobile ?? ''}
      </p>
    </>
  );
}

function CodeField({ form }: { form: Form }) {
  const codeId = useId();
  const { errors, setErrors, left } = form;
  return (
    <>
      <label className="login-label" htmlFor={codeId}>
        {t('login.code')}
      </label>
      <div className={`login-field${errors.code ? ' has-error' : ''}`}>
        <Icon name="lock" size="1.7rem" className="login-field-icon" />
        <input
          id={codeId}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('login.codePlaceholder')}
          value={form.code}
          aria-invalid={Boolean(errors.code)}
          aria-describedby={errors.code ? `${codeId}-error` : undefined}
          onChange={(event) => {
            form.setCode(event.target.value.replace(/\D/g, ''));
            if (errors.code) setErrors((e) => ({ ...e, code: null }));
          }}
        />
        <ActionButton
          variant="text"
          className="login-send"
          disabled={left > 0}
          onAction={form.sendCode}
          data-testid="send-code"
        >
          {left > 0 ? t('login.countdown', { seconds: left }) : form.sent ? t('login.resend') : t('login.send')}
        </ActionButton>
      </div>
      <p className="login-error" id={`${codeId}-error`} role="alert">
        {errors.code ?? ''}
      </p>
    </>
  );
}

/** The mobile and code form (its state lives in the screen: useOtpForm). */
export function OtpForm({ form, docs }: { form: Form; docs: ReturnType<typeof useCorpDocuments> }) {
  return (
    <form
      className="login-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <MobileField form={form} />
      <CodeField form={form} />
      {form.demoCode ? (
        <p className="login-demo" data-testid="demo-hint">
          <Icon name="shield" size="1.5rem" />
          {t('login.demoHint', { code: form.demoCode })}
        </p>
      ) : null}

      <ActionButton block type="submit" className="login-submit" onAction={form.submit}>
        {t('login.submit')}
      </ActionButton>
      <Agreement docs={docs} />
    </form>
  );
}
