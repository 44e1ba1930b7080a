import type { EndpointName, RouteData, RouteQuery } from '@campaign/contract/client';
import { Form, type FormInstance, type FormProps, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import type { ApiError } from '../../api/request';
import { dayToPicker, pickerToDay } from '../china-dayjs';
import { t } from '../i18n';

// refine's useTable on antd and the contract: the filters, the page and the sort live in the URL (a link
// shares the view, Back undoes a filter), the server pages, and the hook hands antd's Table and filter Form
// their props. Days are `YYYY-MM-DD` China days in the URL; a RangePicker field names two of them.

export type ListSort = { field: string; order: 'ascend' | 'descend' };

export interface ListState<F extends string> {
  filters: Partial<Record<F, string>>;
  page: number;
  pageSize: number;
  sort: ListSort | null;
}

export interface ListPageOptions<N extends EndpointName, F extends string, Row> {
  /** The filters the URL keeps (text, a select's value, a `YYYY-MM-DD` day). */
  filters: readonly F[];
  /** RangePicker fields of the filter form, each the two day filters it sets: `{ period: ['from', 'to'] }`. */
  ranges?: Readonly<Record<string, readonly [F, F]>>;
  /** Single DatePicker fields of the filter form (a day filter). */
  days?: readonly F[];
  pageSize?: number;
  /** The endpoint's query from the URL's state. */
  toQuery: (state: ListState<F>) => RouteQuery<N>;
  /** The rows and their total in the endpoint's answer. */
  rows: (data: RouteData<N>) => { items: Row[]; total: number };
  rowKey?: TableProps<Row>['rowKey'];
}

export interface ListPage<N extends EndpointName, F extends string, Row> extends ListState<F> {
  /** Spread on antd's `Table`. */
  tableProps: Required<Pick<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowKey'>>;
  /** Spread on the filter `Form`: submit sets the URL (back to page 1), reset clears it. */
  filterFormProps: FormProps;
  filterForm: FormInstance;
  /** Any filter set (an empty table then says "no match", not "nothing yet"). */
  filtered: boolean;
  setFilters: (changes: Partial<Record<F, string | undefined>>) => void;
  /** A column's sort as antd's Table wants it (`sortOrder`), from the URL: the column sorted, or null. */
  sortOrderOf: (key: string) => ListSort['order'] | null;
  result: ReturnType<typeof useEndpointQuery<N>>;
  error: ApiError | null;
}

const DEFAULT_PAGE_SIZE = 20;

/** The URL's state: filters, page (1 when absent), page size, sort. */
export function readListState<F extends string>(
  params: URLSearchParams,
  filters: readonly F[],
  defaultSize = DEFAULT_PAGE_SIZE,
): ListState<F> {
  const values: Partial<Record<F, string>> = {};
  for (const f of filters) {
    const v = params.get(f);
    if (v) values[f] = v;
  }
  const order = params.get('order');
  const field = params.get('sort');
  return {
    filters: values,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: Math.max(1, Number(params.get('pageSize')) || defaultSize),
    sort: field && (order === 'ascend' || order === 'descend') ? { field, order } : null,
  };
}

/** The filter form's values of a state: days as pickers, ranges as [from, to]. */
function formValuesOf<F extends string>(
  state: ListState<F>,
  ranges: Readonly<Record<string, readonly [F, F]>>,
  days: readonly F[],
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...state.filters };
  for (const d of days) values[d] = dayToPicker(state.filters[d]);
  for (const [field, [from, to]] of Object.entries(ranges)) {
    const a = state.filters[from];
    const b = state.filters[to];
    values[field] = a || b ? [dayToPicker(a), dayToPicker(b)] : null;
    delete values[from];
    delete values[to];
  }
  return values;
}

/** The URL's filters of the form's values. */
function filtersOf<F extends string>(
  values: Record<string, unknown>,
  filters: readonly F[],
  ranges: Readonly<Record<string, readonly [F, F]>>,
): Partial<Record<F, string | undefined>> {
  const out: Partial<Record<F, string | undefined>> = {};
  for (const f of filters) {
    const v = values[f];
    out[f] = typeof v === 'string' ? v.trim() || undefined : v ? pickerToDay(v as Dayjs) : undefined;
  }
  for (const [field, [from, to]] of Object.entries(ranges)) {
    const pair = values[field] as [Dayjs | null, Dayjs | null] | null | undefined;
    out[from] = pickerToDay(pair?.[0]);
    out[to] = pickerToDay(pair?.[1]);
  }
  return out;
}

/**
 * The table's pager and sorter into the URL: a page turn keeps the sort; a new sort (or none) starts at the
 * first page.
 */
function tableChange<Row>(
  current: ListSort | null,
  defaultSize: number,
  write: (changes: Record<string, string | undefined>) => void,
): NonNullable<TableProps<Row>['onChange']> {
  return (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field ?? '') : '';
    const order = field ? (one?.order ?? undefined) : undefined;
    const resorted = (current?.field ?? '') !== field || (current?.order ?? undefined) !== order;
    const page = resorted ? 1 : (pagination.current ?? 1);
    const size = pagination.pageSize ?? defaultSize;
    write({
      page: page > 1 ? String(page) : undefined,
      pageSize: size !== defaultSize ? String(size) : undefined,
      sort: field || undefined,
      order,
    });
  };
}

export function useListPage<N extends EndpointName, F extends string, Row extends object>(
  endpoint: N,
  options: ListPageOptions<N, F, Row>,
): ListPage<N, F, Row> {
  const [params, setParams] = useSearchParams();
  const [filterForm] = Form.useForm();
  const { filters, ranges = {}, days = [], pageSize: defaultSize = DEFAULT_PAGE_SIZE } = options;
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's text is the state's identity
  const state = useMemo(() => readListState(params, filters, defaultSize), [key]);
  const query = options.toQuery(state);
  const result = useEndpointQuery(endpoint, { query } as never, { placeholderData: (prev) => prev });

  // The form follows the URL (Back, a shared link, reset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's text is the state's identity
  useEffect(() => {
    filterForm.resetFields();
    filterForm.setFieldsValue(formValuesOf(state, ranges, days));
  }, [key]);

  const write = (changes: Record<string, string | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!keepPage) next.delete('page');
    setParams(next);
  };
  const setFilters = (changes: Partial<Record<F, string | undefined>>) => write(changes);
  const data = result.data as RouteData<N> | undefined;
  const { items, total } = data ? options.rows(data) : { items: [] as Row[], total: 0 };
  const onChange = tableChange<Row>(state.sort, defaultSize, (changes) => write(changes, true));

  return {
    ...state,
    result,
    error: (result.error as ApiError | null) ?? null,
    filtered: Object.keys(state.filters).length > 0,
    setFilters,
    sortOrderOf: (key) => (state.sort?.field === key ? state.sort.order : null),
    filterForm,
    filterFormProps: {
      form: filterForm,
      layout: 'inline',
      initialValues: formValuesOf(state, ranges, days),
      onFinish: (values: Record<string, unknown>) => setFilters(filtersOf(values, filters, ranges)),
      onReset: () => setParams(new URLSearchParams()),
    },
    tableProps: {
      rowKey: options.rowKey ?? ('id' as TableProps<Row>['rowKey'] & string),
      dataSource: items,
      loading: result.isFetching && !result.data,
      onChange,
      pagination: {
        current: state.page,
        pageSize: state.pageSize,
        total,
        showSizeChanger: false,
        showTotal: (n) => t('list.total', { n }),
      },
    },
  };
}
