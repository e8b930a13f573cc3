import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Progress, Row, Space, Statistic, Table, Typography, Upload } from 'antd';
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX,
  megabytes,
  deviceEndpoints,
  deviceImportTemplate,
  productEndpoints,
  type Endpoint,
  type ExportEndpoint,
  type ImportReport,
  type Locale,
  type UploadEndpoint,
} from '@cityops/contract';
import { endpointKey, useCrud } from '@cityops/crud';
import { showMessage, useCan, type ElementCode } from '@cityops/ui';
import { contractText, useLocale } from './shared';
import { assetTexts, type AssetText } from './texts';

/** The import columns' names in the page's language: the workbook's own header in Chinese. */
const COLUMN_TEXTS: Record<(typeof DEVICE_IMPORT_COLUMNS)[number][0], AssetText> = {
  deviceKey: 'deviceKey',
  controlCode: 'controlCode',
  name: 'deviceName',
  productKey: 'productKey',
  projectName: 'project',
  areaName: 'area',
  segment: 'segment',
  longitude: 'longitude',
  latitude: 'latitude',
  address: 'address',
  remarks: 'remarks',
};

/** An import's columns (key and zh-CN header) and each one's name in the page's language. */
export interface ImportColumns {
  columns: readonly (readonly [string, string])[];
  /** A column's name in English, by its key. */
  english(key: string): string;
}

function columnName(column: string, locale: Locale, of: ImportColumns): string {
  const entry = of.columns.find(([key, header]) => key === column || header === column);
  if (!entry) return column;
  return locale === 'zh-CN' ? entry[1] : of.english(entry[0]);
}

/**
 * The report of one import: how many rows, imported and refused, and each refused row's sheet row,
 * column and reason (the contract's text with its values) in the page's language.
 */
export function ImportReportView({ report, columns }: { report: ImportReport; columns?: ImportColumns }) {
  const t = assetTexts.useTexts();
  const locale = useLocale();
  const deviceColumns: ImportColumns = {
    columns: DEVICE_IMPORT_COLUMNS,
    english: (key) => t(COLUMN_TEXTS[key as keyof typeof COLUMN_TEXTS]),
  };
  return (
    <section aria-label={t('report')}>
      <Alert
        type={report.refused > 0 ? 'warning' : 'success'}
        showIcon
        message={contractText('import.done', locale, { imported: report.imported, refused: report.refused })}
        style={{ marginBottom: 16 }}
      />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Statistic title={t('reportTotal')} value={report.total} />
        </Col>
        <Col span={8}>
          <Statistic title={t('reportImported')} value={report.imported} />
        </Col>
        <Col span={8}>
          <Statistic title={t('reportRefused')} value={report.refused} />
        </Col>
      </Row>
      <Typography.Title level={5}>{t('problems')}</Typography.Title>
      <Table
        rowKey={(problem) => `${problem.row}:${problem.column}:${problem.reason}`}
        size="small"
        dataSource={report.problems}
        locale={{ emptyText: t('noProblems') }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: 'row', title: t('row'), dataIndex: 'row', width: 90 },
          {
            key: 'column',
            title: t('column'),
            width: 160,
            render: (_, problem) =>
              problem.column ? columnName(problem.column, locale, columns ?? deviceColumns) : '',
          },
          {
            key: 'reason',
            title: t('reason'),
            render: (_, problem) => contractText(problem.reason, locale, problem.values),
          },
        ]}
      />
    </section>
  );
}

/** What an import page imports: its upload and template, the button code, and what its changes make stale. */
export interface WorkbookImport {
  upload: UploadEndpoint;
  template: ExportEndpoint;
  /** The button code that may upload. */
  importCode: ElementCode;
  /** The line above the buttons (the template's rules and the most rows). */
  hint: string;
  columns?: ImportColumns;
  /** Lists to read again after an import. */
  stale: readonly Endpoint[];
}

/**
 * An import page (设备批量导入, 点位批量导入): the template to fill in, one .xlsx up to 20M
 * sent to the server (with its progress), and the row-by-row report of what was refused and why.
 */
export function WorkbookImportPage({
  upload: endpoint,
  template,
  importCode,
  hint,
  columns,
  stale,
}: WorkbookImport) {
  const t = assetTexts.useTexts();
  const locale = useLocale();
  const { http } = useCrud();
  const client = useQueryClient();
  const canImport = useCan(importCode);
  const [percent, setPercent] = useState<number | null>(null);
  const maxBytes = endpoint.upload.maxBytes;
  const upload = useMutation({
    mutationFn: (file: File) =>
      http.upload(endpoint, {
        body: {},
        file,
        onProgress: ({ sentBytes, totalBytes }) =>
          setPercent(totalBytes > 0 ? Math.round((sentBytes / totalBytes) * 100) : 0),
      }) as Promise<ImportReport>,
    onSettled: () => setPercent(null),
    onSuccess: () =>
      Promise.all(stale.map((list) => client.invalidateQueries({ queryKey: endpointKey(list) }))),
  });

  const pick = (file: File) => {
    if (!file.name.toLowerCase().endsWith('.xlsx'))
      showMessage('WARN', contractText('import.notWorkbook', locale));
    else if (file.size > maxBytes) showMessage('WARN', t('fileTooLarge', { size: megabytes(maxBytes) }));
    else upload.mutate(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">{hint}</Typography.Text>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void http.download(template).catch(() => undefined)}
          >
            {t('downloadTemplate')}
          </Button>
          {canImport && (
            <Upload accept=".xlsx" showUploadList={false} beforeUpload={pick} disabled={upload.isPending}>
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                {t('upload')}
              </Button>
            </Upload>
          )}
        </Space>
        {percent !== null && (
          <Progress percent={percent} format={(value) => t('uploading', { percent: value ?? 0 })} />
        )}
        {upload.data && <ImportReportView report={upload.data} columns={columns} />}
      </Space>
    </Card>
  );
}

/** 设备批量导入: up to 30,000 devices. */
export function BatchImportPage() {
  const t = assetTexts.useTexts();
  return (
    <WorkbookImportPage
      upload={deviceEndpoints.importDevices}
      template={deviceImportTemplate}
      importCode="batchImport_import"
      hint={t('uploadHint', { max: DEVICE_IMPORT_MAX })}
      stale={[deviceEndpoints.page, deviceEndpoints.overview, productEndpoints.page]}
    />
  );
}
