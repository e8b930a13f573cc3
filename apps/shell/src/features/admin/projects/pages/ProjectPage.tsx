import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  hostingTextKey,
  phaseTextKey,
  PROJECT,
  PROJECT_BUTTONS,
  PROJECT_PHASES,
  projectListRequestSchema,
  type LngLat,
  type MapArea,
  type MapDeviceMarker,
  type ProjectRow,
} from '@cityops/contract';
import {
  confirmAction,
  crudTexts,
  DataTable,
  RowActions,
  SearchBar,
  useListState,
  type CrudColumn,
} from '@cityops/crud';
import { CityMap } from '@cityops/map';
import { useCan } from '@cityops/ui';
import { ListBesideMap } from '../../ListBesideMap';
import { recordColumns } from '../../time';
import { ProjectDetailDrawer } from '../components/ProjectDetailDrawer';
import { ProjectFormDialog } from '../components/ProjectFormDialog';
import { ProjectLocationDialog } from '../components/ProjectLocationDialog';
import { useDeleteProject, useProjectPage } from '../queries';
import { projectTexts } from '../texts';

const PHASE_COLOURS = {
  planning: 'default',
  implementing: 'processing',
  delivered: 'cyan',
  operating: 'green',
} as const;

const located = (row: ProjectRow): row is ProjectRow & { longitude: number; latitude: number } =>
  row.longitude !== null && row.latitude !== null;

/**
 * 项目管理 (with map): the projects in a list (search by name and phase) beside a map of the listed
 * projects' places and outlines; add, edit, place on the map and delete by button code.
 */
export function ProjectPage() {
  const t = projectTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const list = useListState(projectListRequestSchema);
  const query = useProjectPage(list.state);
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [placing, setPlacing] = useState<ProjectRow | null>(null);
  const [detail, setDetail] = useState<ProjectRow | null>(null);
  const [focus, setFocus] = useState<LngLat | null>(null);
  const can = {
    add: useCan(PROJECT_BUTTONS.add),
    edit: useCan(PROJECT_BUTTONS.edit),
    delete: useCan(PROJECT_BUTTONS.delete),
    location: useCan(PROJECT_BUTTONS.location),
  };

  const rows = query.data?.list;
  const { markers, areas } = useMemo(() => {
    const shown = rows ?? [];
    return {
      markers: shown.filter(located).map((row): MapDeviceMarker => ({
        id: row.projectId,
        lng: row.longitude,
        lat: row.latitude,
        text: row.projectName,
      })),
      areas: shown.map((row): MapArea => ({
        id: row.projectId,
        type: 'project',
        name: row.projectName,
        polygon: row.polygon,
      })),
    };
  }, [rows]);

  const columns: CrudColumn<ProjectRow>[] = [
    {
      key: 'projectName',
      title: t('projectName'),
      sortField: 'projectName',
      render: (_, row) =>
        located(row) ? (
          <a onClick={() => setFocus({ lng: row.longitude, lat: row.latitude })}>{row.projectName}</a>
        ) : (
          row.projectName
        ),
    },
    { key: 'customer', title: t('customer') },
    {
      key: 'phase',
      title: t('phase'),
      render: (_, row) => <Tag color={PHASE_COLOURS[row.phase]}>{tr(phaseTextKey(row.phase))}</Tag>,
    },
    {
      key: 'hosting',
      title: t('hosting'),
      render: (_, row) => (row.hosting ? tr(hostingTextKey(row.hosting)) : ''),
    },
    {
      key: 'location',
      title: t('location'),
      render: (_, row) => (located(row) ? `${row.longitude}, ${row.latitude}` : t('notLocated')),
    },
    { key: 'implementedOn', title: t('implementedOn'), defaultHidden: true },
    { key: 'deliveredOn', title: t('deliveredOn'), defaultHidden: true },
    {
      key: 'leader',
      title: t('leader'),
      render: (_, row) => [row.leader, row.leaderPhone].filter(Boolean).join(' '),
    },
    {
      key: 'opsLeader',
      title: t('opsLeader'),
      defaultHidden: true,
      render: (_, row) => [row.opsLeader, row.opsLeaderPhone].filter(Boolean).join(' '),
    },
    { key: 'memberCount', title: t('memberCount') },
    { key: 'remarks', title: t('remarks'), defaultHidden: true },
    ...recordColumns<ProjectRow>({
      createdAt: t('createdAt'),
      updatedAt: t('updatedAt'),
      editor: t('editor'),
    }),
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'details', label: t('details'), onClick: () => setDetail(row) },
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row.projectId) },
            {
              key: 'location',
              label: t('setLocation'),
              hidden: !can.location,
              onClick: () => setPlacing(row),
            },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () =>
                void confirmAction({
                  content: t('confirmDelete', { name: row.projectName }),
                  action: () => remove.mutateAsync(row.projectId),
                  successText: crud('deleted'),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar
        values={{ projectName: list.state.projectName, phase: list.state.phase }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="projectName" label={t('projectName')}>
          <Input allowClear maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="phase" label={t('phase')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={PROJECT_PHASES.map((phase) => ({ value: phase, label: tr(phaseTextKey(phase)) }))}
          />
        </Form.Item>
      </SearchBar>
      <ListBesideMap
        mapLabel={t('mapTitle')}
        list={
          <DataTable
            tableKey={PROJECT}
            rowKey="projectId"
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
        }
        map={<CityMap markers={markers} areas={areas} focus={focus} center={markers[0]} zoom={11} />}
      />
      {editing !== null && <ProjectFormDialog projectId={editing} onClose={() => setEditing(null)} />}
      {placing && <ProjectLocationDialog project={placing} onClose={() => setPlacing(null)} />}
      <ProjectDetailDrawer project={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
