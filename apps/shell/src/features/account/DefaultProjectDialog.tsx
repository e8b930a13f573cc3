import { useState } from 'react';
import { Form, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readToken } from '@cityops/client';
import { i18n, openConfirm, showMessage } from '@cityops/ui';
import { sessionKey, useSessionUser } from '../auth/queries';
import { listMyProjects, setDefaultProject } from './api';
import { AccountModal } from './AccountModal';

interface ProjectForm {
  projectId?: number;
}

const say = (key: 'project.required' | 'project.confirmPrompt' | 'project.saved') =>
  i18n.t(`contract:${key}`);

/** 设置默认项目: one project selector, a confirm prompt, and the session learns the new default. */
export function DefaultProjectDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectForm>();
  const defaultProjectId = useSessionUser()?.defaultProjectId ?? undefined;
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const projects = useQuery({
    queryKey: ['projects', 'mine'],
    queryFn: ({ signal }) => listMyProjects(signal),
  });

  async function submit() {
    let values: ProjectForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { projectId } = values;
    if (projectId === undefined) return;
    const go = await openConfirm({
      title: say('project.confirmPrompt'),
      okText: t('account.ok'),
      cancelText: t('account.cancel'),
    });
    if (!go) return;
    setSaving(true);
    try {
      const saved = await setDefaultProject(projectId);
      // The session learns the new default without asking the server for the whole session again.
      queryClient.setQueryData(sessionKey(readToken()), (user) =>
        user ? { ...user, defaultProjectId: saved.projectId } : user,
      );
      showMessage('SUCCESS', say('project.saved'));
      onClose();
    } catch {
      setSaving(false); // The client has shown the server's message.
    }
  }

  return (
    <AccountModal
      title={t('header.defaultProject')}
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ projectId: defaultProjectId }}>
        <Form.Item
          name="projectId"
          label={t('account.defaultProject')}
          rules={[{ required: true, message: say('project.required') }]}
        >
          <Select
            loading={projects.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(projects.data ?? []).map((project) => ({
              value: project.projectId,
              label: project.projectName,
            }))}
          />
        </Form.Item>
      </Form>
    </AccountModal>
  );
}
