import { Alert, Form, Modal, Transfer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AreaRow } from '@cityops/contract';
import { FormDialog } from '@cityops/crud';
import { useAreaUsers, useAssignAreaUsers, useAreaCandidates } from '../queries';
import { areaTexts } from '../texts';

/** 分配用户: the project's members on the left, the ones given the area on the right. */
export function AreaUsersDialog({ area, onClose }: { area: AreaRow; onClose(): void }) {
  const t = areaTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const given = useAreaUsers(area.areaId);
  const members = useAreaCandidates(area.areaId);
  const assign = useAssignAreaUsers();
  const title = t('usersTitle', { name: area.name });

  if (given.isError || members.isError) {
    // The HTTP client has said why (the project's members need 项目管理's page code).
    return (
      <Modal open title={title} footer={null} onCancel={onClose} width={720}>
        <Alert type="warning" showIcon title={t('membersUnavailable')} />
      </Modal>
    );
  }
  if (!given.data || !members.data) {
    // The choice starts from what is stored: nothing to save until both lists are here.
    return <Modal open loading title={title} footer={null} onCancel={onClose} width={720} />;
  }
  const people = members.data.map((member) => ({
    key: member.userId,
    title: member.name === member.userName ? member.name : `${member.name}（${member.userName}）`,
  }));

  return (
    <FormDialog<{ userIds: number[] }>
      open
      title={title}
      initialValues={{ userIds: given.data.map((user) => user.userId) }}
      successText={tr('area.usersSaved')}
      submit={(values) => assign.mutateAsync({ areaId: area.areaId, userIds: values.userIds ?? [] })}
      onClose={onClose}
      width={720}
    >
      <Form.Item name="userIds" valuePropName="targetKeys" extra={t('usersHint')}>
        <Transfer
          dataSource={people}
          titles={[t('members'), t('given')]}
          showSearch
          render={(person) => person.title}
          styles={{ section: { width: 300, height: 360 } }}
        />
      </Form.Item>
    </FormDialog>
  );
}
