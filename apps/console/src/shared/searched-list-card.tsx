import type { EndpointName } from '@campaign/contract/client';
import { Card, Empty, Form, Input, Table, type TableColumnsType } from 'antd';
import type { ListPage } from './hooks/use-list-page';
import { t } from './i18n';
import { LoadFailed } from './load-failed';

/**
 * A list with one search box (`q`) above its table: the search, the designed load failure, the empty states (none
 * yet, none matching) and the page total. The staff and stores screens show theirs so.
 */
export function SearchedListCard<N extends EndpointName, Row extends object>(props: {
  list: ListPage<N, 'q', Row>;
  search: string;
  empty: string;
  emptySearch: string;
  columns: TableColumnsType<Row>;
}) {
  const { list, search } = props;
  return (
    <Card>
      <Form {...list.filterFormProps} style={{ marginBottom: 16 }}>
        <Form.Item name="q" noStyle>
          <Input.Search
            allowClear
            placeholder={search}
            aria-label={search}
            style={{ width: 320 }}
            onSearch={(v) => list.setFilters({ q: v.trim() || undefined })}
          />
        </Form.Item>
      </Form>
      {list.error ? (
        <LoadFailed error={list.error} retry={list.result.refetch} />
      ) : (
        <Table<Row>
          {...list.tableProps}
          locale={{ emptyText: <Empty description={list.filtered ? props.emptySearch : props.empty} /> }}
          pagination={{ ...list.tableProps.pagination, showTotal: (n) => t('common.total', { n }) }}
          columns={props.columns}
        />
      )}
    </Card>
  );
}
