import { type Readable, VALUE_WORDS } from '@campaign/contract/client';
import { Image, Table } from 'antd';
import './readable-value.css';

/**
 * A value as the contract's one formatter reads it (packages/contract readable.ts), drawn for the approver's
 * diff and the audit trail alike: text, an image as a thumbnail, a section as label-value lines, rows as a
 * small table, a list inline.
 */
export function ReadableValue({ value }: { value: Readable }) {
  switch (value.kind) {
    case 'text':
      return <span className="rv-text">{value.text}</span>;
    case 'image':
      return (
        <Image className="rv-thumb" src={value.url} alt={value.alt} width={64} height={40} data-testid="rv-thumb" />
      );
    case 'list':
      return value.items.every((i) => i.kind === 'text') ? (
        <span className="rv-text">
          {value.items.map((i) => (i.kind === 'text' ? i.text : '')).join(VALUE_WORDS.listSep)}
        </span>
      ) : (
        <ul className="rv-list">
          {value.items.map((item, i) => (
            // Rows of a list have no identity of their own beyond their place.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never re-ordered
            <li key={i}>
              <ReadableValue value={item} />
            </li>
          ))}
        </ul>
      );
    case 'lines':
      return (
        <dl className="rv-lines">
          {value.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (其他设置); the lines never move
            <div className="rv-line" key={i}>
              <dt>{l.label}</dt>
              <dd>
                <ReadableValue value={l.value} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'table':
      return <ReadableTable value={value} />;
  }
}

/** Rows of a section (prizes, tasks, bands) as a small antd table: a column per field, a row per entry. */
function ReadableTable({ value }: { value: Extract<Readable, { kind: 'table' }> }) {
  const columns = value.columns.map((title, c) => ({
    title,
    key: String(c),
    render: (_: unknown, row: Readable[]) => <ReadableValue value={row[c] as Readable} />,
  }));
  return (
    <Table<Readable[]>
      className="rv-table"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={value.rows}
      // The rows are read-only and never re-ordered: their place is their identity.
      rowKey={(row) => String(value.rows.indexOf(row))}
    />
  );
}
