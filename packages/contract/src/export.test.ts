import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentDisposition, defineExport, exportFilter, fileNameOf, xlsxFileName } from './export.js';
import { permission } from './endpoint.js';

describe('export file names', () => {
  it('carries a Chinese name through Content-Disposition and back', () => {
    const header = contentDisposition('用户列表-20261123');
    expect(header).toBe("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8-20261123.xlsx");
    expect(fileNameOf(header, 'x')).toBe('用户列表-20261123.xlsx');
  });

  it("escapes the characters RFC 5987 does not allow, like ' and (", () => {
    expect(contentDisposition("it's (1)")).toBe("attachment; filename*=UTF-8''it%27s%20%281%29.xlsx");
    expect(fileNameOf(contentDisposition("it's (1)"), 'x')).toBe("it's (1).xlsx");
  });

  it('keeps path separators and control characters out of the saved name', () => {
    expect(xlsxFileName('../etc/passwd')).toBe('.._etc_passwd.xlsx');
    expect(xlsxFileName('a\r\nb.XLSX')).toBe('a_b.XLSX');
    expect(xlsxFileName('  ')).toBe('export.xlsx');
  });

  it('reads a plain filename, and falls back when there is none or it is malformed', () => {
    expect(fileNameOf('attachment; filename="list.xlsx"', 'x')).toBe('list.xlsx');
    expect(fileNameOf(null, '用户列表')).toBe('用户列表.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E7%94", '导出')).toBe('导出.xlsx');
  });
});

describe('exportFilter', () => {
  const pageRequest = z.object({
    pageNum: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(100).default(15),
    userName: z.string().max(50).optional(),
  });

  it("is the list's filter without the paging fields", () => {
    const filter = exportFilter(pageRequest);
    expect(Object.keys(filter.shape)).toEqual(['userName']);
    expect(filter.parse({ pageNum: 3, pageSize: 15, userName: 'ad' })).toEqual({ userName: 'ad' });
    expect(filter.safeParse({ userName: 'x'.repeat(51) }).success).toBe(false);
  });

  it('declares a download next to the JSON endpoints', () => {
    const endpoint = defineExport({
      method: 'POST',
      path: '/user/export',
      access: permission('USERMANAGE'),
      query: z.object({}),
      body: exportFilter(pageRequest),
    });
    expect(endpoint).toMatchObject({ kind: 'export', method: 'POST', path: '/user/export' });
  });
});
