import { pageRequestSchema, textFilter, idFilter } from '@cityops/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { filtersOf, readListState, writeListState } from './listState.js';

const schema = pageRequestSchema(
  {
    name: textFilter(20),
    roleId: idFilter,
    enabled: z.boolean().optional(),
    status: z.enum(['on', 'off']).optional(),
  },
  ['name', 'createTime'],
);

describe('list state in the URL', () => {
  it('reads paging, sort and filters, typed by the list’s own request schema', () => {
    expect(
      readListState(
        schema,
        '?pageNum=3&pageSize=20&sortField=name&sortOrder=asc&name=李&roleId=7&enabled=true',
      ),
    ).toEqual({
      pageNum: 3,
      pageSize: 20,
      sortField: 'name',
      sortOrder: 'asc',
      name: '李',
      roleId: 7,
      enabled: true,
    });
  });

  it('drops what the schema refuses (a page size not offered, an unknown sort, a stray key) and keeps the rest', () => {
    expect(readListState(schema, '?pageSize=25&sortField=password&status=maybe&evil=1&name=王')).toEqual({
      pageNum: 1,
      pageSize: 15,
      name: '王',
    });
  });

  it('writes only what differs from the defaults, so the plain list has a plain address', () => {
    expect(writeListState(schema, { pageNum: 1, pageSize: 15 })).toBe('');
    const search = writeListState(schema, {
      pageNum: 2,
      pageSize: 30,
      name: '张 三',
      status: 'on',
      roleId: undefined,
    });
    expect(search).toBe('pageNum=2&pageSize=30&name=%E5%BC%A0+%E4%B8%89&status=on');
    expect(readListState(schema, `?${search}`)).toMatchObject({
      pageNum: 2,
      pageSize: 30,
      name: '张 三',
      status: 'on',
    });
  });

  it('separates the filters from paging and sort', () => {
    expect(filtersOf({ pageNum: 2, pageSize: 15, sortField: 'name', name: 'x', roleId: 3 })).toEqual({
      name: 'x',
      roleId: 3,
    });
  });
});
