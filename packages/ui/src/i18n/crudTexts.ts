/** Texts of the CRUD kit that every list page uses (part of the `ui` namespace). */
const zhCN = {
  'crud.export': '导出',
  'crud.export.preparing': '正在生成文件…',
  'crud.export.received': '已下载 {{size}}',
  'crud.export.receivedOfRows': '已下载 {{size}}（共 {{rows}} 条）',
  'crud.export.done': '导出成功',
} as const;

type CrudTexts = { readonly [K in keyof typeof zhCN]: string };

const enUS: CrudTexts = {
  'crud.export': 'Export',
  'crud.export.preparing': 'Preparing the file…',
  'crud.export.received': 'Downloaded {{size}}',
  'crud.export.receivedOfRows': 'Downloaded {{size}} ({{rows}} rows)',
  'crud.export.done': 'Export complete',
};

export const crudTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
