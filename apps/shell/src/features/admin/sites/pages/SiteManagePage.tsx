import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import {
  SITE,
  SITE_BUTTONS,
  siteListRequestSchema,
  type LngLat,
  type MapDeviceMarker,
  type SiteRow,
} from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  RowActions,
  SearchBar,
  useListState,
  type CrudColumn,
} from '@cityops/crud';
import { CityMap } from '@cityops/map';
import { AreaNodeSelect, ProjectFilterItem, ProjectScopedItem, useProjectAreas } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { useSessionUser } from '../../../auth/queries';
import { ListBesideMap } from '../../ListBesideMap';
import { recordColumns } from '../../time';
import { SiteFormDialog } from '../components/SiteFormDialog';
import { useDeleteSite, useSitePage } from '../queries';
import { siteTexts } from '../texts';

const placeOf = (site: SiteRow): LngLat => ({ lng: site.longitude, lat: site.latitude });

/**
 * 站点管理: the sites in a list (search by project, area and name) beside a map of the
 * listed sites (a marker opens its site) and the outlines of the project searched for (else the user's
 * default project); add, edit and delete by button code.
 */
export function SiteManagePage() {
  const t = siteTexts.useTexts();
  const crud = crudTexts.useTexts();
  const list = useListState(siteListRequestSchema);
  const query = useSitePage(list.state);
  const remove = useDeleteSite();
  // The project searched for, else the user's default one: its outlines on the map, a new site's project.
  const defaultProjectId = useSessionUser()?.defaultProjectId ?? undefined;
  const projectId = list.state.projectId ?? defaultProjectId;
  const { mapAreas } = useProjectAreas(projectId);
  const [editing, setEditing] = useState<SiteRow | 'new' | null>(null);
  const [focus, setFocus] = useState<LngLat | null>(null);
  const can = {
    add: useCan(SITE_BUTTONS.add),
    edit: useCan(SITE_BUTTONS.edit),
    delete: useCan(SITE_BUTTONS.delete),
  };

  const rows = query.data?.list;
  const markers = useMemo(
    () =>
      (rows ?? []).map((site): MapDeviceMarker => ({ id: site.siteId, ...placeOf(site), text: site.name })),
    [rows],
  );
  const openMarker = (marker: MapDeviceMarker) => {
    const site = rows?.find((row) => row.siteId === marker.id);
    if (!site) return;
    if (can.edit) setEditing(site);
    else setFocus(placeOf(site));
  };

  const columns: CrudColumn<SiteRow>[] = [
    {
      key: 'name',
      title: t('name'),
      sortField: 'name',
      render: (_, row) => <a onClick={() => setFocus(placeOf(row))}>{row.name}</a>,
    },
    { key: 'projectName', title: t('project') },
    { key: 'areaName', title: t('area'), render: (_, row) => row.areaName ?? t('noArea') },
    { key: 'location', title: t('location'), render: (_, row) => `${row.longitude}, ${row.latitude}` },
    { key: 'address', title: t('address') },
    { key: 'contact', title: t('contact') },
    { key: 'contactPhone', title: t('contactPhone') },
    { key: 'remarks', title: t('remarks'), defaultHidden: true },
    ...recordColumns<SiteRow>({ createdAt: t('createdAt'), updatedAt: t('updatedAt'), editor: t('editor') }),
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row) },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () => void confirmDelete(row.name, () => remove.mutateAsync(row.siteId)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar
        values={{ projectId: list.state.projectId, areaId: list.state.areaId, name: list.state.name }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <ProjectFilterItem label={t('project')} allLabel={t('all')} />
        <ProjectScopedItem name="areaId" label={t('area')}>
          {(projectId) => (
            <AreaNodeSelect projectId={projectId} placeholder={t('all')} style={{ width: 180 }} />
          )}
        </ProjectScopedItem>
        <Form.Item name="name" label={t('name')}>
          <Input allowClear maxLength={50} style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      <ListBesideMap
        mapLabel={t('mapTitle')}
        list={
          <DataTable
            tableKey={SITE}
            rowKey="siteId"
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
        map={
          <CityMap
            markers={markers}
            onMarkerClick={openMarker}
            areas={mapAreas}
            focus={focus}
            center={markers[0]}
            zoom={13}
          />
        }
      />
      {editing !== null && (
        <SiteFormDialog
          site={editing === 'new' ? null : editing}
          projectId={projectId}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
