import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n, openConfirm, showMessage } from '@cityops/ui';
import { useSessionUser } from '../auth/queries';
import { useMyProjects, useSetDefaultProject } from './queries';
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
  const projects = useMyProjects();
  const setDefault = useSetDefaultProject();

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
    setDefault.mutate(projectId, {
      onSuccess: () => {
        showMessage('SUCCESS', say('project.saved'));
        onClose();
      },
      // On failure the client has shown the server's message.
    });
  }

  return (
    <AccountModal
      title={t('header.defaultProject')}
      saving={setDefault.isPending}
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
