import {
  POINT_IMPORT_COLUMNS,
  POINT_IMPORT_MAX,
  pointEndpoints,
  pointImportTemplate,
} from '@cityops/contract';
import { WorkbookImportPage, type ImportColumns } from '../assets/BatchImportPage';
import { pointTexts, type PointText } from './texts';

/** The point import's columns' names in English (the workbook's header is the zh-CN one). */
const COLUMN_TEXTS: Record<(typeof POINT_IMPORT_COLUMNS)[number][0], PointText> = {
  code: 'code',
  name: 'name',
  kind: 'kind',
  projectName: 'project',
  areaName: 'area',
  siteName: 'site',
  segment: 'segment',
  longitude: 'longitude',
  latitude: 'latitude',
  address: 'address',
  height: 'height',
  remarks: 'remarks',
};

/** 点位批量导入: up to 30,000 points, with the row-by-row report of the import page. */
export function BatchImportPointPage() {
  const t = pointTexts.useTexts();
  const columns: ImportColumns = {
    columns: POINT_IMPORT_COLUMNS,
    english: (key) => t(COLUMN_TEXTS[key as keyof typeof COLUMN_TEXTS]),
  };
  return (
    <WorkbookImportPage
      upload={pointEndpoints.importPoints}
      template={pointImportTemplate}
      importCode="batchImportPoint_import"
      hint={t('importHint', { max: POINT_IMPORT_MAX })}
      columns={columns}
      stale={[pointEndpoints.page, pointEndpoints.options]}
    />
  );
}
