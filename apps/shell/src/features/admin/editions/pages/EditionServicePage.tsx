import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EDITION_BUTTONS,
  editionDownload,
  editionListRequestSchema,
  platformLabelKey,
  VERSION_MAX,
  type EditionRow,
} from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  RowActions,
  SearchBar,
  useCrud,
  useListState,
  type CrudColumn,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { listTime } from '../../time';
import { EditionFormDialog } from '../components/EditionFormDialog';
import { PublishDialog, usePlatformOptions } from '../components/PublishDialog';
import { useDeleteEdition, useEditionPage } from '../queries';
import { editionTexts, fileSizeText } from '../texts';

/** How much of a checksum the list shows; the whole of it is copied. */
const CHECKSUM_SHOWN = 12;

/**
 * 版本服务: the published versions of the client apps (search by platform and version), publishing a
 * package, editing its notes and force flag, downloading and deleting it, each by its button code.
 */
export function EditionServicePage() {
  const t = editionTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: contract } = useTranslation('contract');
  const list = useListState(editionListRequestSchema);
  const query = useEditionPage(list.state);
  const remove = useDeleteEdition();
  const platforms = usePlatformOptions();
  const { http } = useCrud();
  const [editing, setEditing] = useState<EditionRow | 'new' | null>(null);
  const can = {
    add: useCan(EDITION_BUTTONS.add),
    edit: useCan(EDITION_BUTTONS.edit),
    delete: useCan(EDITION_BUTTONS.delete),
  };

  const columns: CrudColumn<EditionRow>[] = [
    {
      key: 'platform',
      title: t('platform'),
      render: (_, row) => contract(platformLabelKey(row.platform)),
    },
    { key: 'version', title: t('version'), sortField: 'version' },
    {
      key: 'forceUpdate',
      title: t('forceUpdate'),
      render: (_, row) =>
        row.forceUpdate ? <Tag color="red">{t('forced')}</Tag> : <Tag>{t('optional')}</Tag>,
    },
    {
      key: 'notes',
      title: t('notes'),
      render: (_, row) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: row.notes }} style={{ margin: 0, maxWidth: 280 }}>
          {row.notes}
        </Typography.Paragraph>
      ),
    },
    { key: 'fileName', title: t('fileName'), defaultHidden: true },
    {
      key: 'fileSize',
      title: t('fileSize'),
      sortField: 'fileSize',
      render: (_, row) => fileSizeText(row.fileSize),
    },
    {
      key: 'checksum',
      title: t('checksum'),
      render: (_, row) => (
        <Tooltip title={row.checksum}>
          <Typography.Text code copyable={{ text: row.checksum, tooltips: [t('copy'), t('copied')] }}>
            {`${row.checksum.slice(0, CHECKSUM_SHOWN)}…`}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'publishTime',
      title: t('publishTime'),
      sortField: 'publishTime',
      render: (value: string) => listTime(value),
    },
    { key: 'publisher', title: t('publisher') },
    { key: 'downloads', title: t('downloads'), sortField: 'downloads' },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'download',
              label: t('download'),
              onClick: () => void http.downloadFile(editionDownload, { params: { id: row.editionId } }),
            },
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row) },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () =>
                void confirmDelete(`${contract(platformLabelKey(row.platform))} ${row.version}`, () =>
                  remove.mutateAsync(row.editionId),
                ),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar
        values={{ platform: list.state.platform, version: list.state.version }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="platform" label={t('platform')}>
          <Select allowClear placeholder={t('all')} style={{ width: 140 }} options={platforms} />
        </Form.Item>
        <Form.Item name="version" label={t('version')}>
          <Input allowClear maxLength={VERSION_MAX} style={{ width: 140 }} />
        </Form.Item>
      </SearchBar>
      <div style={{ marginTop: 16 }}>
        <DataTable
          tableKey="editionService"
          rowKey="editionId"
          columns={columns}
          query={query}
          list={list}
          toolbar={
            can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('add')}
              </Button>
            )
          }
        />
      </div>
      {editing === 'new' && <PublishDialog onClose={() => setEditing(null)} />}
      {editing && editing !== 'new' && (
        <EditionFormDialog edition={editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
