import type { CampaignDraft } from '@campaign/contract';

// The cards and merchants of an instant discount (支付立减, issue 34): what the H5 shows as 适用卡 and 适用商户,
// and what a payment is signed for. Each row that fails says why in Chinese, under its own field.

type Add = (path: string, msg: string) => void;
type Message = (zh: string, en: string) => string;

const BIN = /^\d{6,8}$/;
const MERCHANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function cardAndMerchantProblems(d: NonNullable<CampaignDraft['discount']>, add: Add, m: Message) {
  const cards = Array.isArray(d.validCards) ? d.validCards : [];
  const bins = new Map<string, number>();
  cards.forEach((c, i) => {
    const at = `discount.validCards.${i}`;
    const bin = String(c?.bin ?? '').trim();
    if (!BIN.test(bin)) add(`${at}.bin`, m('卡 BIN 为 6–8 位数字', 'a card BIN is 6–8 digits'));
    else if (bins.has(bin))
      add(`${at}.bin`, m(`卡 BIN ${bin} 与第 ${(bins.get(bin) ?? 0) + 1} 行重复`, 'a repeated BIN'));
    else bins.set(bin, i);
    const label = String(c?.label ?? '').trim();
    if (label.length < 1 || label.length > 40) {
      add(`${at}.label`, m('请填写卡的名称（1–40 字），如 本行借记卡', 'name the card (1–40 characters)'));
    }
  });
  const merchants = Array.isArray(d.validMerchants) ? d.validMerchants : [];
  const ids = new Map<string, number>();
  merchants.forEach((mc, i) => {
    const at = `discount.validMerchants.${i}`;
    const id = String(mc?.id ?? '').trim();
    if (!MERCHANT_ID.test(id)) {
      add(`${at}.id`, m('商户号为 1–64 位字母、数字、_ 或 -', 'the merchant id is 1–64 letters, digits, _ or -'));
    } else if (ids.has(id)) {
      add(`${at}.id`, m(`商户号 ${id} 与第 ${(ids.get(id) ?? 0) + 1} 行重复`, 'a repeated merchant id'));
    } else ids.set(id, i);
    const name = String(mc?.name ?? '').trim();
    if (name.length < 1 || name.length > 40)
      add(`${at}.name`, m('请填写商户名称（1–40 字）', 'name the merchant (1–40 characters)'));
  });
}
