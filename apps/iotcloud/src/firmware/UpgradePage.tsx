import { useState } from 'react';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Progress, Select, Tabs, Tag } from 'antd';
import {
  firmwareEndpoints,
  firmwareListRequestSchema,
  productNameOf,
  UPGRADE_JOB_STATES,
  UPGRADE_PAGE,
  upgradeJobEndpoints,
  upgradeJobListRequestSchema,
  type FirmwareRow,
  type UpgradeJobRow,
  type UpgradeJobState,
} from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  RowActions,
  SearchBar,
  useListState,
  usePageQuery,
  type CrudColumn,
  type PagedList,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { listTime, ProductSelect, useLocale } from '../assets/shared';
import { CreateJobDialog } from './CreateJobDialog';
import { JobDrawer } from './JobDrawer';
import { useDeleteFirmware } from './queries';
import { UploadFirmwareDialog } from './UploadFirmwareDialog';
import { upgradeTexts } from './texts';

const JOB_COLOURS: Record<UpgradeJobState, string> = {
  running: 'processing',
  finished: 'success',
  cancelled: 'warning',
};

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

interface FirmwareListState {
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt' | 'version';
  sortOrder?: 'asc' | 'desc';
  productId?: number;
}

/** The firmware list's paging kept in the page (the URL holds the jobs list's state). */
function useLocalList() {
  const [state, setState] = useState<FirmwareListState>({ pageNum: 1, pageSize: 15 });
  const update = (change: Partial<FirmwareListState>) => setState((current) => ({ ...current, ...change }));
  const paged: PagedList = { state, update: (change) => update(change as Partial<FirmwareListState>) };
  return { state, update, paged };
}

function FirmwareTab() {
  const t = upgradeTexts.useTexts();
  const locale = useLocale();
  const crud = crudTexts.useTexts();
  const list = useLocalList();
  const request = firmwareListRequestSchema.parse(list.state);
  const query = usePageQuery(firmwareEndpoints.page, request);
  const remove = useDeleteFirmware();
  const [uploading, setUploading] = useState(false);
  const can = { upload: useCan('upgrade_upload'), delete: useCan('upgrade_delete') };
  const columns: CrudColumn<FirmwareRow>[] = [
    { key: 'productName', title: t('product'), render: (_, row) => productNameOf(row, locale) },
    { key: 'version', title: t('version'), sortField: 'version' },
    { key: 'notes', title: t('notes') },
    { key: 'fileName', title: t('file') },
    { key: 'fileSize', title: t('fileSize'), render: (_, row) => size(row.fileSize) },
    { key: 'checksum', title: t('checksum'), defaultHidden: true },
    { key: 'editor', title: t('editor') },
    {
      key: 'createdAt',
      title: t('createdAt'),
      sortField: 'createdAt',
      render: (_, row) => listTime(row.createdAt),
    },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () =>
                void confirmDelete(`${productNameOf(row, locale)} ${row.version}`, () =>
                  remove.mutateAsync(row.firmwareId),
                ),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <>
      <SearchBar<{ productId?: number }>
        values={{ productId: list.state.productId }}
        onSearch={(values) => list.update({ ...values, pageNum: 1 })}
        onReset={() => list.update({ productId: undefined, pageNum: 1 })}
      >
        <Form.Item name="productId" label={t('product')}>
          <ProductSelect allowClear placeholder={t('all')} style={{ width: 220 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={`${UPGRADE_PAGE}_firmware`}
        rowKey="firmwareId"
        columns={columns}
        query={query}
        list={list.paged}
        toolbar={
          can.upload && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('upload')}
            </Button>
          )
        }
      />
      {uploading && (
        <UploadFirmwareDialog productId={list.state.productId} onClose={() => setUploading(false)} />
      )}
    </>
  );
}

function JobsTab() {
  const t = upgradeTexts.useTexts();
  const locale = useLocale();
  const crud = crudTexts.useTexts();
  const list = useListState(upgradeJobListRequestSchema);
  const query = usePageQuery(upgradeJobEndpoints.page, list.state);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const canCreate = useCan('upgrade_create');
  const columns: CrudColumn<UpgradeJobRow>[] = [
    {
      key: 'name',
      title: t('jobName'),
      render: (_, row) => <a onClick={() => setOpen(row.jobId)}>{row.name}</a>,
    },
    { key: 'productName', title: t('product'), render: (_, row) => productNameOf(row, locale) },
    { key: 'version', title: t('version') },
    {
      key: 'state',
      title: t('state'),
      render: (_, row) => <Tag color={JOB_COLOURS[row.state]}>{t(`job.${row.state}`)}</Tag>,
    },
    {
      key: 'progress',
      title: t('progress'),
      render: (_, row) => <Progress percent={row.progress} size="small" style={{ width: 140 }} />,
    },
    { key: 'total', title: t('devices') },
    {
      key: 'result',
      title: t('result'),
      render: (_, row) => `${row.counts.succeeded}/${row.counts.failed}`,
    },
    { key: 'editor', title: t('editor') },
    {
      key: 'createdAt',
      title: t('createdAt'),
      sortField: 'createdAt',
      render: (_, row) => listTime(row.createdAt),
    },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions actions={[{ key: 'detail', label: t('detail'), onClick: () => setOpen(row.jobId) }]} />
      ),
    },
  ];
  return (
    <>
      <SearchBar<{ name?: string; state?: UpgradeJobState }>
        values={{ name: list.state.name, state: list.state.state }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="name" label={t('jobName')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="state" label={t('state')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={UPGRADE_JOB_STATES.map((state) => ({ value: state, label: t(`job.${state}`) }))}
          />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={`${UPGRADE_PAGE}_jobs`}
        rowKey="jobId"
        columns={columns}
        query={query}
        list={list}
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('createJob')}
            </Button>
          )
        }
      />
      {creating && <CreateJobDialog onClose={() => setCreating(false)} />}
      {open !== null && <JobDrawer jobId={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * 固件升级 (upgrade): the firmware of each product (upload, delete) and the jobs that
 * send one to many devices, with each device's progress and result.
 */
export function UpgradePage() {
  const t = upgradeTexts.useTexts();
  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <Tabs
        defaultActiveKey="jobs"
        items={[
          { key: 'jobs', label: t('jobsTab'), children: <JobsTab /> },
          { key: 'firmware', label: t('firmwareTab'), children: <FirmwareTab /> },
        ]}
      />
    </Card>
  );
}
