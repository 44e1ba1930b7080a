import type { TableColumnsType } from 'antd';
import { useState } from 'react';

// Which columns a table shows, chosen by its user and remembered in this browser per user and table
// (localStorage, `console.columns.<user>.<table>`): a setting of the screen, never sent to the server.

/** A column's key as the settings name it: its `key`, else its `dataIndex`. */
export function columnKey(c: TableColumnsType<never>[number]): string {
  const k = c.key ?? ('dataIndex' in c ? c.dataIndex : undefined);
  return Array.isArray(k) ? k.join('.') : String(k ?? '');
}

const storageKey = (user: string, table: string) => `console.columns.${user}.${table}`;

/** The hidden columns stored for this user and table (none when nothing or something unreadable is stored). */
export function readHidden(user: string, table: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(storageKey(user, table)) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export interface ColumnSettings {
  hidden: readonly string[];
  /** Shows or hides one column (at least one stays shown). */
  toggle: (key: string, shown: boolean) => void;
  reset: () => void;
  /** The columns to draw: those not hidden, in their order. */
  visible: <T>(columns: TableColumnsType<T>) => TableColumnsType<T>;
}

/** The column settings of `table` for `user` (the signed-in staff id; '' before it is known). */
export function useColumnSettings(user: string, table: string): ColumnSettings {
  const [state, setState] = useState(() => ({ user, hidden: readHidden(user, table) }));
  // The user became known (or changed): their own settings.
  const hidden = state.user === user ? state.hidden : readHidden(user, table);
  if (state.user !== user) setState({ user, hidden });
  const save = (next: string[]) => {
    setState({ user, hidden: next });
    try {
      if (next.length) localStorage.setItem(storageKey(user, table), JSON.stringify(next));
      else localStorage.removeItem(storageKey(user, table));
    } catch {
      // Storage full or refused (private mode): the setting lasts until the page is left.
    }
  };
  return {
    hidden,
    toggle: (key, shown) => save(shown ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])]),
    reset: () => save([]),
    visible: <T>(columns: TableColumnsType<T>) => {
      const shown = columns.filter((c) => !hidden.includes(columnKey(c as never)));
      return shown.length ? shown : columns.slice(0, 1);
    },
  };
}
