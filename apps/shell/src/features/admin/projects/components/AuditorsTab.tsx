import { useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AUDITORS_MAX,
  businessTypeTextKey,
  PROJECT_BUTTONS,
  type AuditorGroup,
  type ProjectPerson,
  type ProjectUser,
} from '@cityops/contract';
import { crudTexts } from '@cityops/crud';
import { showMessage, useCan } from '@cityops/ui';
import { useAuditors, useProjectUsers, useSaveAuditors } from '../planQueries';
import { projectTexts } from '../texts';
import { memberLabel, memberOption } from './members';

/** `ids` with the one at `index` swapped with its neighbour `by` places away. */
const moved = (ids: number[], index: number, by: -1 | 1) => {
  const next = [...ids];
  const other = index + by;
  [next[index], next[other]] = [next[other] as number, next[index] as number];
  return next;
};

/** One business type's auditors in order; a holder of the auditor code picks, orders and saves them. */
function AuditorGroupCard({
  projectId,
  group,
  members,
  canEdit,
}: {
  projectId: number;
  group: AuditorGroup;
  members: ProjectUser[];
  canEdit: boolean;
}) {
  const t = projectTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const save = useSaveAuditors();
  const saved = group.auditors.map((auditor) => auditor.userId);
  const [draft, setDraft] = useState<number[] | null>(null);
  const ids = draft ?? saved;
  const changed = draft !== null && draft.join() !== saved.join();
  const people = new Map<number, ProjectPerson>(
    [...group.auditors, ...members].map((person) => [person.userId, person]),
  );
  const title = tr(businessTypeTextKey(group.businessType));

  const submit = async () => {
    try {
      await save.mutateAsync({ projectId, businessType: group.businessType, userIds: ids });
    } catch {
      return; // The HTTP client has shown the server's reason; the choice stays as it was.
    }
    showMessage('SUCCESS', tr('project.auditorsSaved'));
    setDraft(null);
  };

  return (
    <Card
      size="small"
      title={title}
      role="region"
      aria-label={title}
      extra={
        canEdit && (
          <Space>
            <Button size="small" disabled={draft === null} onClick={() => setDraft(null)}>
              {crud('reset')}
            </Button>
            <Button
              size="small"
              type="primary"
              disabled={!changed}
              loading={save.isPending}
              onClick={() => void submit()}
            >
              {crud('save')}
            </Button>
          </Space>
        )
      }
    >
      {canEdit && (
        <Select
          mode="multiple"
          style={{ width: '100%', marginBottom: 12 }}
          aria-label={`${title} ${t('chooseAuditors')}`}
          placeholder={t('chooseAuditors')}
          value={ids}
          maxCount={AUDITORS_MAX}
          optionFilterProp="label"
          options={members.map(memberOption)}
          onChange={(next: number[]) => setDraft(next)}
        />
      )}
      {ids.length === 0 ? (
        <Typography.Text type="secondary">{t('noAuditors')}</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {ids.map((id, index) => {
            const person = people.get(id);
            const name = person ? memberLabel(person) : String(id);
            return (
              <li key={id} style={{ padding: '2px 0' }}>
                <Space size={4}>
                  <span>{name}</span>
                  {canEdit && (
                    <>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={`${crud('moveUp')} ${name}`}
                        disabled={index === 0}
                        onClick={() => setDraft(moved(ids, index, -1))}
                      />
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={`${crud('moveDown')} ${name}`}
                        disabled={index === ids.length - 1}
                        onClick={() => setDraft(moved(ids, index, 1))}
                      />
                    </>
                  )}
                </Space>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

/**
 * 审核人: for each business type, the project members who approve its records, in order. The order is
 * the order chosen in the list (and changed with the arrows); each type is saved on its own.
 */
export function AuditorsTab({ projectId }: { projectId: number }) {
  const t = projectTexts.useTexts();
  const groups = useAuditors(projectId);
  const members = useProjectUsers(projectId);
  const canEdit = useCan(PROJECT_BUTTONS.auditor);

  const failed = groups.error ?? members.error;
  if (failed) return <Alert type="error" showIcon title={failed.message} />;
  if (!groups.data || !members.data) return <Skeleton active />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('auditorsHint', { max: AUDITORS_MAX })} />
      {groups.data.map((group) => (
        <AuditorGroupCard
          key={group.businessType}
          projectId={projectId}
          group={group}
          members={members.data}
          canEdit={canEdit}
        />
      ))}
    </Space>
  );
}
