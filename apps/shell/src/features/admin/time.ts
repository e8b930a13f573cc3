import { chinaDateTime } from '@cityops/contract';
import type { CrudColumn } from '@cityops/crud';

/** A stored moment as the lists show it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const listTime = (iso: string) => chinaDateTime(iso);

/**
 * The columns of a record's history that end a list: created (sortable, hidden at first), modified
 * and who modified it (hidden at first).
 */
export function recordColumns<Row extends { createdAt: string; updatedAt: string; editor: string }>(titles: {
  createdAt: string;
  updatedAt: string;
  editor: string;
}): CrudColumn<Row>[] {
  return [
    {
      key: 'createdAt',
      title: titles.createdAt,
      sortField: 'createdAt',
      defaultHidden: true,
      render: (value: string) => listTime(value),
    },
    { key: 'updatedAt', title: titles.updatedAt, render: (value: string) => listTime(value) },
    { key: 'editor', title: titles.editor, defaultHidden: true },
  ];
}
