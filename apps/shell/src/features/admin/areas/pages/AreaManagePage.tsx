import { useMemo, useState } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { AREA_BUTTONS, areaTypeTextKey, type AreaNode, type AreaType } from '@cityops/contract';
import {
  areaMapId,
  confirmDelete,
  ProjectSelect,
  useCrud,
  useMyProjects,
  useProjectAreas,
} from '@cityops/crud';
import { CityMap, outlineCentre, projectCentre } from '@cityops/map';
import { useCan } from '@cityops/ui';
import { useSessionUser } from '../../../auth/queries';
import { ListBesideMap } from '../../ListBesideMap';
import { listTime } from '../../time';
import { AreaFormDialog, type AreaFormTarget } from '../components/AreaFormDialog';
import { AreaTree } from '../components/AreaTree';
import { AreaUsersDialog } from '../components/AreaUsersDialog';
import { useDeleteArea } from '../queries';
import { areaTexts } from '../texts';

/** Where a new area goes: under the chosen directory, beside the chosen node, or at the top. */
const parentFor = (chosen: AreaNode | undefined) =>
  chosen ? (chosen.type === 'areadir' ? chosen.areaId : chosen.parentId) : null;

/**
 * 区域管理 (with map, never cached): one project's areas as a tree beside a map of its outline and every
 * area's, the chosen area highlighted and in view; add, edit (with the outline drawn on the map),
 * delete and give users by button code.
 */
export function AreaManagePage() {
  const t = areaTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const projects = useMyProjects();
  const defaultProjectId = useSessionUser()?.defaultProjectId ?? null;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The project chosen is in the address, so a reload or a shared link shows the same project.
  const address = useCrud().useListLocation();
  const chosenProject = Number(new URLSearchParams(address.search).get('projectId')) || null;
  const chooseProject = (projectId: number) => {
    address.replace(`${address.pathname}?projectId=${projectId}`);
    setSelectedId(null);
  };
  const projectList = projects.data ?? [];
  const project =
    projectList.find((item) => item.projectId === chosenProject) ??
    projectList.find((item) => item.projectId === defaultProjectId) ??
    projectList[0];
  const projectId = project?.projectId ?? null;
  const { tree, areas, mapAreas } = useProjectAreas(projectId);
  const centre = projectCentre(project);
  const remove = useDeleteArea();
  const [editing, setEditing] = useState<AreaFormTarget | null>(null);
  const [assigning, setAssigning] = useState<AreaNode | null>(null);
  const can = {
    add: useCan(AREA_BUTTONS.add),
    edit: useCan(AREA_BUTTONS.edit),
    delete: useCan(AREA_BUTTONS.delete),
    assign: useCan(AREA_BUTTONS.assign),
  };

  const selected = areas.find((area) => area.areaId === selectedId);
  // The view moves each time the choice (or its outline) changes, not on every render.
  const focus = useMemo(() => (selected ? outlineCentre(selected.polygon) : null), [selected]);

  const add = (type: AreaType) => setEditing({ kind: 'new', type, parentId: parentFor(selected) });
  const newAreaCentre = () => {
    const parent = areas.find((area) => area.areaId === parentFor(selected));
    return outlineCentre(parent?.polygon ?? []) ?? centre;
  };

  if (projects.isSuccess && !project) {
    return (
      <Card variant="borderless" style={{ margin: 16 }}>
        <Alert type="info" showIcon title={t('noProject')} />
      </Card>
    );
  }

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <Form layout="inline">
        <Form.Item label={t('project')}>
          <ProjectSelect value={projectId ?? undefined} onChange={chooseProject} style={{ width: 260 }} />
        </Form.Item>
      </Form>
      <ListBesideMap
        mapLabel={t('mapTitle')}
        list={
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              {can.add && (
                <>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => add('areadir')}>
                    {t('addDir')}
                  </Button>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => add('areanode')}>
                    {t('addNode')}
                  </Button>
                </>
              )}
              {can.edit && (
                <Button
                  icon={<EditOutlined />}
                  disabled={!selected}
                  onClick={() => selected && setEditing({ kind: 'edit', area: selected })}
                >
                  {t('edit')}
                </Button>
              )}
              {can.assign && (
                <Button
                  icon={<TeamOutlined />}
                  disabled={!selected}
                  onClick={() => setAssigning(selected ?? null)}
                >
                  {t('assign')}
                </Button>
              )}
              {can.delete && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!selected}
                  onClick={() =>
                    selected &&
                    void confirmDelete(selected.name, () => remove.mutateAsync(selected.areaId)).then(
                      (done) => done && setSelectedId(null),
                    )
                  }
                >
                  {t('delete')}
                </Button>
              )}
            </Space>
            {projectId === null || tree.isPending ? (
              <Spin />
            ) : (
              <AreaTree tree={tree.data ?? []} selectedId={selectedId} onSelect={setSelectedId} />
            )}
            {selected && (
              <Descriptions size="small" column={1} style={{ marginTop: 16 }} bordered>
                <Descriptions.Item label={t('type')}>{tr(areaTypeTextKey(selected.type))}</Descriptions.Item>
                <Descriptions.Item label={t('outline')}>
                  {selected.polygon.length > 0
                    ? t('corners', { count: selected.polygon.length })
                    : t('noOutline')}
                </Descriptions.Item>
                <Descriptions.Item label={t('remarks')}>{selected.remarks}</Descriptions.Item>
                <Descriptions.Item label={t('editor')}>{selected.editor}</Descriptions.Item>
                <Descriptions.Item label={t('updatedAt')}>{listTime(selected.updatedAt)}</Descriptions.Item>
              </Descriptions>
            )}
          </>
        }
        map={
          <CityMap
            key={projectId ?? 'none'}
            areas={mapAreas}
            selectedAreaId={selected ? areaMapId(selected.areaId) : null}
            focus={focus}
            center={centre}
            zoom={14}
          />
        }
      />
      {editing && projectId !== null && (
        <AreaFormDialog
          projectId={projectId}
          target={editing}
          tree={tree.data ?? []}
          mapAreas={mapAreas}
          center={newAreaCentre()}
          onClose={() => setEditing(null)}
        />
      )}
      {assigning && <AreaUsersDialog area={assigning} onClose={() => setAssigning(null)} />}
    </Card>
  );
}
