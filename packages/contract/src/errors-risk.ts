import { type ErrorEntry, e } from './error-entry';

/** Risk controls (issue 35): the customer's refusals and appeals, and the console's rulesets and lists. */
export const RISK_ERRORS = {
  // Its own code and words, distinct from a rate limit (429) and a busy server: the H5 offers 申诉 beside it.
  RISK_REFUSED: e(
    2007,
    200,
    '本次参与未通过活动安全校验。如您认为有误，可提交申诉，我们会人工复核',
    'Refused by the campaign’s risk check; you may appeal and a person will review it',
  ),
  RISK_STEP_UP: e(
    2020,
    200,
    '为保障活动公平，请先完成短信验证后再参与',
    'Confirm it is you with an SMS code before this draw',
  ),
  RISK_UNAVAILABLE: e(2021, 503, '活动安全校验暂不可用，请稍后再试', 'Risk checks are unavailable; try again shortly'),
  RISK_APPEAL_NOTHING: e(2022, 200, '没有可申诉的记录', 'There is no refused draw of this campaign to appeal'),
  RISK_APPEAL_PENDING: e(2023, 200, '您的申诉正在处理中，请耐心等待', 'Your appeal is already being reviewed'),
  RISK_RULESET_NOT_FOUND: e(6901, 404, '规则集版本不存在', 'No such ruleset version'),
  RISK_RULESET_LOCKED: e(
    6902,
    409,
    '该版本已运行过，不能再修改；请基于它另存一个新版本',
    'This version has run and cannot change: save a new version from it',
  ),
  RISK_RULE_INVALID: e(6903, 400, '规则表达式有误，请按提示修改', 'A rule does not compile; see the fields'),
  RISK_RULESET_STATE: e(6904, 409, '该版本当前状态不可进行此操作', 'The version cannot do this in its current mode'),
  RISK_REQUEST_PENDING: e(
    6905,
    409,
    '该版本已有待审批的生效申请',
    'A request to let this version act already waits for approval',
  ),
  RISK_CUSTOMER_UNKNOWN: e(6907, 404, '该客户在风控记录中不存在', 'No risk decision was ever made for this customer'),
  RISK_REPLAY_NOT_FOUND: e(6910, 404, '回放任务不存在', 'No such replay job'),
  RISK_LIST_VALUE_INVALID: e(6906, 400, '名单值格式不正确', 'The list value is not valid for its type'),
  RISK_REVERSAL_REFUSED: e(6908, 409, '该决定不能撤销', 'This decision cannot be reversed'),
  RISK_REVERSAL_PENDING: e(
    6909,
    409,
    '该决定已有待审批的撤销申请或已撤销过',
    'A reversal of this decision waits or was made',
  ),
} as const satisfies Record<string, ErrorEntry>;
