import { featureMessages } from '#web/shared/i18n/messages';

// The customer's side of risk controls (issue 35): a refused draw, the appeal, the SMS step-up and the
// device-id consent. Shipped in the lazy chunk of the sheets that show them (docs/decisions/0142).
const zh = {
  'risk.refusedTitle': '暂时无法参与',
  'risk.refusedLabel': '本次参与未通过安全校验',
  'risk.appeal': '申诉',
  'risk.ok': '我知道了',
  'risk.appealTitle': '提交申诉',
  'risk.appealIntro': '请简要说明您的参与情况，工作人员会人工复核这次安全校验的结果。',
  'risk.reason': '情况说明',
  'risk.reasonPlaceholder': '例如：本人正常参与，未使用任何辅助工具',
  'risk.reasonCount': '{n}/{max}',
  'risk.reasonShort': '请简要说明情况（至少 {min} 个字）',
  'risk.submit': '提交申诉',
  'risk.appealDone': '申诉已提交',
  'risk.appealDoneDesc': '工作人员将在 3 个工作日内人工复核，结果会通知您。',
  'risk.appealPending': '申诉处理中',
  'risk.appealEntry': '对参与结果有疑问？',
  'risk.appealEntryGo': '提交申诉',
  'risk.stepUpTitle': '请完成短信验证',
  'risk.stepUpGo': '去验证',
  'risk.later': '稍后再说',
  'risk.consentTitle': '设备标识使用说明',
  'risk.consentBody':
    '为保障活动公平、防止恶意刷奖，我们希望使用您的设备标识用于营销风控，仅用于本活动风控，活动结束后保留 180 天。',
  'risk.consentNote': '不同意也可以正常参与活动',
  'risk.agree': '同意',
  'risk.decline': '不同意',
} as const;

const en: Record<keyof typeof zh, string> = {
  'risk.refusedTitle': 'You cannot take part right now',
  'risk.refusedLabel': 'This draw did not pass the safety check',
  'risk.appeal': 'Appeal',
  'risk.ok': 'OK',
  'risk.appealTitle': 'Appeal',
  'risk.appealIntro': 'Tell us briefly what happened: a person will review the safety check’s result.',
  'risk.reason': 'What happened',
  'risk.reasonPlaceholder': 'For example: I took part myself, with no tools',
  'risk.reasonCount': '{n}/{max}',
  'risk.reasonShort': 'Please say a little more (at least {min} characters)',
  'risk.submit': 'Send the appeal',
  'risk.appealDone': 'Appeal sent',
  'risk.appealDoneDesc': 'A person will review it within 3 working days and let you know.',
  'risk.appealPending': 'Appeal under review',
  'risk.appealEntry': 'Question about a refused draw?',
  'risk.appealEntryGo': 'Appeal',
  'risk.stepUpTitle': 'Confirm with an SMS code',
  'risk.stepUpGo': 'Verify',
  'risk.later': 'Not now',
  'risk.consentTitle': 'About your device id',
  'risk.consentBody':
    'To keep the campaign fair and stop prize farming, we would like to use an id of your device for marketing risk checks: for this campaign’s risk checks only, kept 180 days after it ends.',
  'risk.consentNote': 'You can take part either way',
  'risk.agree': 'Agree',
  'risk.decline': 'Decline',
};

export const tr = featureMessages(zh, en);
