import { LOG_BUTTONS, type ExportBody, type ExportEndpoint } from '@cityops/contract';
import { useCrud } from '@cityops/crud';
import { Can, ExportButton } from '@cityops/ui';

/** What a log tab's export selects: every row its search selects, on every page (no paging). */
export const selectionOf = <S extends { pageNum: number; pageSize: number }>({
  pageNum: _page,
  pageSize: _size,
  ...selection
}: S) => selection;

/** 导出 of a log tab, for holders of logManage_export: the server's Excel file of `selection`. */
export function LogExportButton<E extends ExportEndpoint>({
  endpoint,
  selection,
}: {
  endpoint: E;
  selection: ExportBody<E>;
}) {
  const { http } = useCrud();
  return (
    <Can code={LOG_BUTTONS.export}>
      <ExportButton download={(onProgress) => http.download(endpoint, { body: selection, onProgress })} />
    </Can>
  );
}
