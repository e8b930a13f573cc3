import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PROJECT_BUTTONS,
  segmentStateTextKey,
  type CycleRow,
  type SegmentRow,
  type SegmentState,
} from '@cityops/contract';
import { confirmAction, crudTexts, RowActions } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { useCycles, useDeleteCycle, useDeleteSegment, useProjectUsers } from '../planQueries';
import { projectTexts } from '../texts';
import { CycleFormDialog } from './CycleFormDialog';
import { SegmentFormDialog } from './SegmentFormDialog';

const STATE_COLOURS: Record<SegmentState, string> = {
  notStarted: 'default',
  inProgress: 'processing',
  done: 'success',
  delayed: 'error',
};

const period = (row: { startDate: string; endDate: string }) => `${row.startDate} ~ ${row.endDate}`;

type Editing =
  | { kind: 'cycle'; cycle: CycleRow | null }
  | { kind: 'segment'; cycle: CycleRow; segment: SegmentRow | null };

/**
 * 项目计划: the project's cycles in order, each with its segments (dates, state, owner). Holders of
 * the plan's button code add, edit and delete them.
 */
export function PlanTab({ projectId }: { projectId: number }) {
  const t = projectTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const cycles = useCycles(projectId);
  const members = useProjectUsers(projectId);
  const removeCycle = useDeleteCycle();
  const removeSegment = useDeleteSegment();
  const canPlan = useCan(PROJECT_BUTTONS.plan);
  const [editing, setEditing] = useState<Editing | null>(null);

  if (cycles.isError) return <Alert type="error" showIcon title={cycles.error.message} />;
  if (!cycles.data) return <Skeleton active />;
  const list = cycles.data;

  const segmentColumns = (cycle: CycleRow) => [
    { key: 'name', dataIndex: 'name', title: t('segmentName') },
    { key: 'period', title: t('period'), render: (_: unknown, row: SegmentRow) => period(row) },
    {
      key: 'state',
      title: t('segmentState'),
      render: (_: unknown, row: SegmentRow) => (
        <Tag color={STATE_COLOURS[row.state]}>{tr(segmentStateTextKey(row.state))}</Tag>
      ),
    },
    { key: 'owner', dataIndex: 'ownerName', title: t('owner') },
    { key: 'remarks', dataIndex: 'remarks', title: t('remarks') },
    ...(canPlan
      ? [
          {
            key: 'actions',
            title: crud('actions'),
            render: (_: unknown, row: SegmentRow) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: crud('edit'),
                    onClick: () => setEditing({ kind: 'segment', cycle, segment: row }),
                  },
                  {
                    key: 'delete',
                    label: crud('delete'),
                    danger: true,
                    onClick: () =>
                      void confirmAction({
                        content: t('confirmDeleteSegment', { name: row.name }),
                        action: () => removeSegment.mutateAsync(row.segmentId),
                        successText: crud('deleted'),
                      }),
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {canPlan && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ kind: 'cycle', cycle: null })}
        >
          {t('addCycle')}
        </Button>
      )}
      {list.length === 0 && <Empty description={t('noCycles')} />}
      {list.map((cycle) => (
        <Card
          key={cycle.cycleId}
          size="small"
          role="region"
          aria-label={cycle.name}
          title={
            <Space>
              {cycle.name}
              <Typography.Text type="secondary">{period(cycle)}</Typography.Text>
            </Space>
          }
          extra={
            canPlan && (
              <RowActions
                actions={[
                  {
                    key: 'addSegment',
                    label: t('addSegment'),
                    onClick: () => setEditing({ kind: 'segment', cycle, segment: null }),
                  },
                  {
                    key: 'edit',
                    label: crud('edit'),
                    onClick: () => setEditing({ kind: 'cycle', cycle }),
                  },
                  {
                    key: 'delete',
                    label: crud('delete'),
                    danger: true,
                    onClick: () =>
                      void confirmAction({
                        content: t('confirmDeleteCycle', { name: cycle.name }),
                        action: () => removeCycle.mutateAsync(cycle.cycleId),
                        successText: crud('deleted'),
                      }),
                  },
                ]}
              />
            )
          }
        >
          {cycle.remarks && <Typography.Paragraph type="secondary">{cycle.remarks}</Typography.Paragraph>}
          <Table<SegmentRow>
            size="small"
            rowKey="segmentId"
            pagination={false}
            dataSource={cycle.segments}
            columns={segmentColumns(cycle)}
            locale={{ emptyText: t('noSegments') }}
          />
        </Card>
      ))}
      {editing?.kind === 'cycle' && (
        <CycleFormDialog
          projectId={projectId}
          cycle={editing.cycle}
          nextSortNum={Math.min(999, Math.max(0, ...list.map((cycle) => cycle.sortNum)) + 1)}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'segment' && (
        <SegmentFormDialog
          cycle={editing.cycle}
          segment={editing.segment}
          members={members.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
