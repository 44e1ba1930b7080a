import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useMe } from '../api/session';
import { columnKey, useColumnSettings } from './hooks/use-column-settings';
import type { ListPage } from './hooks/use-list-page';
import { t } from './table-messages';
import './list-table.css';

type ListLike<Row> = Pick<ListPage<never, string, Row>, 'tableProps' | 'sortOrderOf'>;

export interface ListTableProps<Row extends object> extends Omit<TableProps<Row>, 'columns'> {
  /** The list hook's answer: rows, paging and the URL's sort. */
  list: ListLike<Row>;
  /** Columns; those with `sorter: true` sort on the server (their key is the contract's sort name). */
  columns: TableColumnsType<Row>;
  /** The table's name in the remembered column settings (`campaigns`). */
  settingsId: string;
  /** Left of the column settings: batch actions, the export. */
  toolbar?: ReactNode;
}

/** The column settings button: a check box per column, remembered per user. */
function ColumnPicker<Row>({
  columns,
  settings,
}: {
  columns: TableColumnsType<Row>;
  settings: ReturnType<typeof useColumnSettings>;
}) {
  const content = (
    <div className="list-table__columns">
      <div className="muted">{t('table.columnsHint')}</div>
      {columns.map((c) => {
        const key = columnKey(c as never);
        return (
          <Checkbox
            key={key}
            checked={!settings.hidden.includes(key)}
            onChange={(e) => settings.toggle(key, e.target.checked)}
          >
            {typeof c.title === 'function' ? key : c.title}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" onClick={settings.reset}>
        {t('table.columnsReset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={content}>
      <Button icon={<SettingOutlined />} aria-label={t('table.columns')}>
        {t('table.columns')}
      </Button>
    </Popover>
  );
}

/**
 * The console's list table over `useListPage`: server-side sort from the URL on the columns that allow it,
 * column settings remembered per user, and a toolbar row for batch actions. Screens pass their columns once.
 */
export function ListTable<Row extends object>(props: ListTableProps<Row>) {
  const { list, columns, settingsId, toolbar, ...rest } = props;
  const me = useMe().data;
  const user = me ? `${me.corpId}.${me.staffId}` : '';
  const settings = useColumnSettings(user, settingsId);
  const sorted = columns.map((c) =>
    c.sorter ? { ...c, sortOrder: list.sortOrderOf(columnKey(c as never)) ?? null } : c,
  ) as TableColumnsType<Row>;
  return (
    <div className="list-table">
      <div className="list-table__bar">
        <Space wrap>{toolbar}</Space>
        <ColumnPicker columns={columns} settings={settings} />
      </div>
      <Table<Row> {...list.tableProps} {...rest} columns={settings.visible(sorted)} />
    </div>
  );
}
