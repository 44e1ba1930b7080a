import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../testing/render';
import { defaultFieldName, useEndpointForm } from './use-endpoint-form';

function CreateForm({ onSuccess }: { onSuccess?: (id: string) => void }) {
  const { formProps, rules, error } = useEndpointForm('consoleCampaignCreate', {
    toPayload: (v: { title: string }) => ({ body: { kind: 'wheel', title: v.title } }),
    onSuccess: (data) => onSuccess?.(data.id),
  });
  return (
    <Form {...formProps}>
      <Form.Item name="title" label="title" rules={rules('title')}>
        <Input />
      </Form.Item>
      {error ? <p role="alert">{error.message}</p> : null}
      <Button htmlType="submit">go</Button>
    </Form>
  );
}

const fill = (value: string) => fireEvent.change(screen.getByLabelText('title'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'go' }));

afterEach(() => vi.unstubAllGlobals());

describe('useEndpointForm', () => {
  it("checks the input with the schema's rule before it calls the server", async () => {
    const fetch = stubFetch({});
    renderAt(<CreateForm />);
    submit();
    expect(await screen.findByText('请填写此项')).toBeTruthy();
    fill('x'.repeat(41));
    expect(await screen.findByText('不能超过 40 个字')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('calls the endpoint with the payload and hands its data over', async () => {
    const fetch = stubFetch({ '/console/campaigns/create': () => envelope({ id: 'c-1', rev: 1 }) });
    const onSuccess = vi.fn();
    renderAt(<CreateForm onSuccess={onSuccess} />);
    fill('  春季转盘 ');
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('c-1'));
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'wheel', title: '  春季转盘 ' });
    expect(init?.method).toBe('POST');
  });

  it("sets the server's field errors under the inputs they name", async () => {
    stubFetch({
      '/console/campaigns/create': () => envelope('输入有误', 40001, { fields: { 'body.title': '名称已被使用' } }),
    });
    renderAt(<CreateForm />);
    fill('春季转盘');
    submit();
    expect(await screen.findByText('名称已被使用')).toBeTruthy();
    expect(screen.queryByText('输入有误')).toBeNull();
  });

  it('shows a refusal no input is named for as the form error', async () => {
    stubFetch({ '/console/campaigns/create': () => envelope('活动编号已存在', 40901) });
    renderAt(<CreateForm />);
    fill('春季转盘');
    submit();
    expect(await screen.findByText('活动编号已存在')).toBeTruthy();
  });

  it('reads a server field path as a form name path', () => {
    expect(defaultFieldName('body.activity.title')).toEqual(['activity', 'title']);
    expect(defaultFieldName('body.prizes.0.stock')).toEqual(['prizes', 0, 'stock']);
    expect(defaultFieldName('query.id')).toEqual(['id']);
    expect(defaultFieldName('body')).toBeNull();
  });
});
