import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forbidden, refusal } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { ListImportModal } from './list-import-modal';

afterEach(() => vi.unstubAllGlobals());

const row = (line: number, extra: Record<string, unknown> = {}) => ({
  line,
  type: 'phone',
  shown: '138****7001',
  reason: '接码平台号码',
  expiresAt: null,
  listed: false,
  ...extra,
});
const preview = (extra: Record<string, unknown> = {}) =>
  envelope({
    rows: [row(2), row(3, { type: 'id_number', shown: '110***********002X', listed: true })],
    errors: [],
    errorCount: 0,
    encoding: 'utf-8',
    ...extra,
  });

function open() {
  const onSubmitted = vi.fn();
  renderAt(<ListImportModal open onClose={() => {}} onSubmitted={onSubmitted} />);
  return { onSubmitted, dialog: screen.getByRole('dialog') };
}
/** The file chosen in the drop zone (antd's Upload reads its hidden input). */
function choose(dialog: HTMLElement, text = 'type,value,reason\nphone,13800007001,接码平台号码') {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], '名单.csv', { type: 'text/csv' })] } });
}
const submitButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /提交审批/ }) as HTMLButtonElement;

describe('ListImportModal: 批量导入', () => {
  it('explains the format; nothing can be submitted before a file is checked; checking shows progress', async () => {
    stubFetch({});
    const { dialog } = open();
    expect(within(dialog).getByText(/type,value,reason,expires/)).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
    choose(dialog);
    expect(await within(dialog).findByText('正在检查文件…')).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
  });

  it('previews the valid rows masked, with the ones already listed marked, and submits for approval', async () => {
    const fetch = stubFetch({
      '/console/risk/lists/import/preview': () => preview(),
      '/console/risk/lists/import': () => envelope({ requestId: 'req-00000001', rows: 2 }),
    });
    const { dialog, onSubmitted } = open();
    choose(dialog);
    expect(await within(dialog).findByText('可导入 2 条，其中 1 条已在名单中（将更新原因与有效期）')).toBeTruthy();
    expect(within(dialog).getByText('110***********002X')).toBeTruthy();
    expect(within(dialog).getByText('身份证号')).toBeTruthy();
    expect(within(dialog).getByText('已在名单中')).toBeTruthy();
    expect(within(dialog).getByText('文件：名单.csv')).toBeTruthy();
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(2));
    // The same file goes again, as the request's body, to the submitting endpoint.
    const sent = fetch.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname.endsWith('/lists/import'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[1]?.method).toBe('POST');
    expect(sent[0]?.[1]?.body).toBeInstanceOf(Blob);
  });

  it('lists every bad line in Chinese and keeps 提交审批 off until the file is fixed', async () => {
    stubFetch({
      '/console/risk/lists/import/preview': () =>
        preview({
          errors: [
            { line: 3, message: '类型「fax」无效，应为 手机号、设备、IP、身份证号 或 邀请码' },
            { line: 5, message: '与第 2 行重复' },
          ],
          errorCount: 2,
        }),
    });
    const { dialog } = open();
    choose(dialog);
    const errors = await within(dialog).findByTestId('risk-import-errors');
    expect(within(errors).getByText('2 行有错误，请修改文件后重新上传')).toBeTruthy();
    expect(within(errors).getByText('与第 2 行重复')).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
    // 重新选择文件 goes back to the drop zone.
    fireEvent.click(within(dialog).getByRole('button', { name: /重新选择文件/ }));
    expect(await within(dialog).findByText('点击或将 CSV 文件拖到此处')).toBeTruthy();
  });

  it('says so when the file holds nothing to import', async () => {
    stubFetch({ '/console/risk/lists/import/preview': () => preview({ rows: [] }) });
    const { dialog } = open();
    choose(dialog);
    expect(await within(dialog).findByText('文件中没有可导入的名单')).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
  });

  it('shows a refusal of the whole file, and a refused submission beside the preview', async () => {
    stubFetch({
      '/console/risk/lists/import/preview': () =>
        refusal(200, 6408, '名单文件有误，未保存任何内容：一次最多导入 5000 行，本文件有 6000 行'),
    });
    const first = open();
    choose(first.dialog);
    expect(await within(first.dialog).findByRole('alert')).toBeTruthy();
    expect(within(first.dialog).getByText(/本文件有 6000 行/)).toBeTruthy();
    expect(submitButton(first.dialog).disabled).toBe(true);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    stubFetch({
      '/console/risk/lists/import/preview': () => preview(),
      '/console/risk/lists/import': () => forbidden('您的岗位无权执行此操作'),
    });
    const second = open();
    choose(second.dialog);
    await within(second.dialog).findByText('110***********002X');
    fireEvent.click(submitButton(second.dialog));
    expect(await within(second.dialog).findByText('您的岗位无权执行此操作')).toBeTruthy();
    expect(second.onSubmitted).not.toHaveBeenCalled();
    expect(within(second.dialog).getByText('110***********002X')).toBeTruthy();
  });
});
