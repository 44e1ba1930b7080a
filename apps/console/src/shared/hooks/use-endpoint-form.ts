import { type EndpointName, type FormRules, forms, type RouteBody, type RouteData } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { ApiError, type CallArgs, call } from '../../api/request';
import { rulesOf } from './field-rules';

// refine's useForm on antd and the contract: an antd Form whose submit calls one endpoint, the schema's rules
// on its inputs (generated from the zod schema, field-rules.ts), the server's refused `fields` set under the
// inputs they name, and any other refusal as the form's own error.

type NamePath = (string | number)[];

export interface EndpointFormOptions<N extends EndpointName, V> {
  /** The call's payload from the form's values; by default the values are the body. */
  toPayload?: (values: V) => CallArgs<N>;
  /** The fields' rules; by default the ones generated for this endpoint's body, if any. */
  rules?: FormRules;
  /** Reads fetched again after a success. */
  invalidates?: EndpointName[];
  onSuccess?: (data: RouteData<N>, values: V) => void | Promise<void>;
  /** A refusal the form does not show under an input (a 409, a busy server): return true when handled. */
  onRefused?: (error: ApiError) => boolean;
  /** The input a server field path names (`body.activity.title`); by default the path after `body.`/`query.`. */
  fieldName?: (path: string) => NamePath | null;
}

export interface EndpointForm<N extends EndpointName, V> {
  form: FormInstance<V>;
  /** Spread on antd's `Form`: the instance, the submit, the layout. */
  formProps: FormProps<V>;
  /** `rules('title')` for a Form.Item: the schema's check of that field. */
  rules: (field: string) => Rule[];
  submitting: boolean;
  /** The refusal no input shows (its message is the envelope's), or a failure to reach the server. */
  error: ApiError | null;
  data: RouteData<N> | undefined;
  submit: () => void;
}

/** `body.activity.title` → ['activity', 'title']; `body.prizes.0.stock` → ['prizes', 0, 'stock']. */
export function defaultFieldName(path: string): NamePath | null {
  const parts = path.split('.');
  if (parts[0] === 'body' || parts[0] === 'query') parts.shift();
  if (!parts.length || parts[0] === '') return null;
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Server field errors as antd's `setFields` entries, and the ones no input is named for. */
export function fieldEntries(
  fields: Readonly<Record<string, string>>,
  fieldName: (path: string) => NamePath | null,
): { name: NamePath; errors: string[] }[] {
  return Object.entries(fields).flatMap(([path, message]) => {
    const name = fieldName(path);
    return name ? [{ name, errors: [message] }] : [];
  });
}

/**
 * `const { formProps, rules, error } = useEndpointForm('consoleCampaignCreate', { onSuccess })`, then
 * `<Form {...formProps}><Form.Item name="title" rules={rules('title')}>…`.
 */
export function useEndpointForm<N extends EndpointName, V extends object = NonNullable<RouteBody<N>>>(
  endpoint: N,
  options: EndpointFormOptions<N, V> = {},
): EndpointForm<N, V> {
  const [form] = Form.useForm<V>();
  const client = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [data, setData] = useState<RouteData<N>>();
  const generated = (forms as Record<string, FormRules>)[endpoint];
  const rules = rulesOf(options.rules ?? generated);

  const onFinish = async (values: V) => {
    setSubmitting(true);
    setError(null);
    try {
      const payload = options.toPayload ? options.toPayload(values) : ({ body: values } as unknown as CallArgs<N>);
      const answer = await call(endpoint, payload);
      setData(answer);
      await Promise.all((options.invalidates ?? []).map((n) => client.invalidateQueries({ queryKey: [n] })));
      await options.onSuccess?.(answer, values);
    } catch (err) {
      refused(err);
    } finally {
      setSubmitting(false);
    }
  };

  function refused(err: unknown) {
    const e = err instanceof ApiError ? err : new ApiError(0, String((err as Error)?.message ?? err), 0);
    const entries = fieldEntries(e.fields, options.fieldName ?? defaultFieldName);
    if (entries.length) form.setFields(entries as Parameters<typeof form.setFields>[0]);
    if (options.onRefused?.(e)) return;
    if (!entries.length) setError(e);
  }

  return {
    form,
    formProps: { form, layout: 'vertical', onFinish, disabled: submitting },
    rules,
    submitting,
    error,
    data,
    submit: () => form.submit(),
  };
}
