import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, Row, Space, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { z } from 'zod';
import {
  DEVICE_AREA_PAGE,
  idFilter,
  pageRequestSchema,
  PLACED_SORTABLE,
  placementEndpoints,
  textFilter,
  type AreaCountRow,
  type AreaCounts,
  type PlacedDeviceRow,
} from '@cityops/contract';
import {
  DataTable,
  FormDialog,
  SearchBar,
  useEndpointQuery,
  useListState,
  usePageQuery,
  type CrudColumn,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { contractText, productAndType, ProjectSelect, useLocale, useMyProjects } from '../assets/shared';
import { useRefusal } from './LocateDialog';
import { STATE_COLOURS, stateOf } from './LocationPage';
import { useMoveDevices } from './queries';
import { placementTexts } from './texts';

/** The page's address: the project is optional here (the first of the user's is shown when none). */
const pageSchema = pageRequestSchema(
  {
    projectId: idFilter,
    areaId: idFilter,
    unassigned: z.boolean().default(false),
    keyword: textFilter(50),
  },
  PLACED_SORTABLE,
);

const WHOLE = 'project';
const NONE = 'unassigned';

/** The area tree as antd's Tree shows it, each node titled with its counts. */
function treeOf(rows: readonly AreaCountRow[], title: (name: string, counts: AreaCounts) => React.ReactNode) {
  const children = new Map<number | null, AreaCountRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null): DataNode[] =>
    (children.get(parentId) ?? []).map((row) => ({
      key: String(row.areaId),
      title: title(row.name, row.counts),
      children: build(row.areaId),
    }));
  return build(null);
}

interface AreaChoice {
  value: number;
  title: string;
  children: AreaChoice[];
}
const areaChoices = (rows: readonly AreaCountRow[], parentId: number | null = null): AreaChoice[] =>
  rows
    .filter((row) => row.parentId === parentId)
    .map((row) => ({ value: row.areaId, title: row.name, children: areaChoices(rows, row.areaId) }));

/** Move the devices chosen into another area of the project; the server's refusal shows in the dialog. */
export function MoveDialog({
  ids,
  areas,
  onDone,
  onClose,
}: {
  ids: number[];
  areas: readonly AreaCountRow[];
  onDone(): void;
  onClose(): void;
}) {
  const t = placementTexts.useTexts();
  const locale = useLocale();
  const move = useMoveDevices();
  const { guard, shown } = useRefusal();
  const [target, setTarget] = useState('');
  const choices = useMemo(() => areaChoices(areas), [areas]);
  return (
    <FormDialog<{ areaId: number }>
      open
      title={t('moveOf', { count: ids.length })}
      submit={(values) =>
        guard(async () => {
          await move.mutateAsync({ ids, areaId: values.areaId });
          onDone();
        })
      }
      successText={contractText('placement.moved', locale, { count: ids.length, area: target })}
      onClose={onClose}
      width={480}
    >
      {shown}
      <Form.Item name="areaId" label={t('moveTo')} rules={[{ required: true, message: t('chooseArea') }]}>
        <TreeSelect
          treeDefaultExpandAll
          treeData={choices}
          showSearch={{ treeNodeFilterProp: 'title' }}
          onChange={(areaId: number) => setTarget(areas.find((area) => area.areaId === areaId)?.name ?? '')}
        />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * 区域管理 of the device pages (route code iot_assetMorror_areaManage): a project's area
 * tree with each node's device counts (total, online, offline, disabled, alarming; a directory counts
 * what is below it), the chosen node's devices, and moving chosen devices into another area of the
 * project (`iot_assetMorror_areaManage_move`).
 */
export function AreaDevicesPage() {
  const t = placementTexts.useTexts();
  const locale = useLocale();
  const canMove = useCan(`${DEVICE_AREA_PAGE}_move`);
  const list = useListState(pageSchema);
  const { state } = list;
  const projects = useMyProjects();
  const projectId = state.projectId ?? projects.data?.[0]?.projectId;
  const counts = useEndpointQuery(
    placementEndpoints.areaCounts,
    { query: { projectId: projectId ?? 0 } },
    { enabled: projectId !== undefined },
  );
  const devices = usePageQuery(
    placementEndpoints.areaDevices,
    { ...state, projectId: projectId ?? 0 },
    projectId !== undefined,
  );
  const shownAs = JSON.stringify({ ...state, projectId });
  const [ticked, setTicked] = useState<{ shownAs: string; ids: number[] }>({ shownAs, ids: [] });
  const chosen = ticked.shownAs === shownAs ? ticked.ids : [];
  const setChosen = (ids: number[]) => setTicked({ shownAs, ids });
  const [moving, setMoving] = useState(false);

  const countsText = (c: AreaCounts) => t('counts', { ...c });
  const title = (name: string, c: AreaCounts) => (
    <span data-testid={`area-${name}`}>
      <Typography.Text strong>{name}</Typography.Text>{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {countsText(c)}
      </Typography.Text>
    </span>
  );
  const rows = counts.data?.areas ?? [];
  const treeData: DataNode[] = counts.data
    ? [
        { key: WHOLE, title: title(t('wholeProject'), counts.data.project), children: treeOf(rows, title) },
        { key: NONE, title: title(t('unassigned'), counts.data.unassigned) },
      ]
    : [];
  const selectedKey = state.unassigned ? NONE : state.areaId !== undefined ? String(state.areaId) : WHOLE;

  const columns: CrudColumn<PlacedDeviceRow>[] = [
    { key: 'name', title: t('deviceName'), sortField: 'name' },
    { key: 'deviceKey', title: t('deviceKey'), sortField: 'deviceKey' },
    {
      key: 'typeCode',
      title: t('product'),
      render: (_, row) => productAndType(row, locale),
    },
    { key: 'areaName', title: t('area'), render: (_, row) => row.areaName ?? t('none') },
    {
      key: 'online',
      title: t('state'),
      render: (_, row) => <Tag color={STATE_COLOURS[stateOf(row)]}>{t(stateOf(row))}</Tag>,
    },
    { key: 'address', title: t('address'), defaultHidden: true },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar<{ projectId?: number; keyword?: string }>
        values={{ projectId, keyword: state.keyword }}
        onSearch={(values) =>
          list.update({
            ...values,
            ...(values.projectId !== projectId ? { areaId: undefined, unassigned: false } : {}),
          })
        }
        onReset={list.reset}
      >
        <Form.Item name="projectId" label={t('project')}>
          <ProjectSelect style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      {projectId === undefined ? (
        <Empty description={t('chooseProject')} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={9}>
            <Card size="small" title={t('areaTree')} loading={counts.isLoading}>
              <Tree
                blockNode
                defaultExpandAll
                key={`${projectId}-${rows.length}`}
                treeData={treeData}
                selectedKeys={[selectedKey]}
                onSelect={(keys) => {
                  const key = String(keys[0] ?? selectedKey);
                  list.update(
                    key === WHOLE
                      ? { areaId: undefined, unassigned: false }
                      : key === NONE
                        ? { areaId: undefined, unassigned: true }
                        : { areaId: Number(key), unassigned: false },
                  );
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={15}>
            <DataTable
              tableKey={DEVICE_AREA_PAGE}
              rowKey="deviceId"
              columns={columns}
              query={devices}
              list={list}
              toolbar={
                canMove && (
                  <Space>
                    <Button type="primary" disabled={chosen.length === 0} onClick={() => setMoving(true)}>
                      {t('move')}
                    </Button>
                  </Space>
                )
              }
              tableProps={
                canMove
                  ? {
                      rowSelection: {
                        selectedRowKeys: chosen,
                        onChange: (keys) => setChosen(keys.map(Number)),
                      },
                    }
                  : undefined
              }
            />
          </Col>
        </Row>
      )}
      {moving && (
        <MoveDialog ids={chosen} areas={rows} onDone={() => setChosen([])} onClose={() => setMoving(false)} />
      )}
    </Card>
  );
}
