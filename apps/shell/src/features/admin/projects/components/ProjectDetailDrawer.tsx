import { Drawer, Tabs } from 'antd';
import type { ProjectRow } from '@cityops/contract';
import { projectTexts } from '../texts';
import { AuditorsTab } from './AuditorsTab';
import { PlanTab } from './PlanTab';
import { TeamTab } from './TeamTab';

/** 详情 of a project: its plan, its posts and people, and its auditors, each in a tab. */
export function ProjectDetailDrawer({ project, onClose }: { project: ProjectRow | null; onClose(): void }) {
  const t = projectTexts.useTexts();
  return (
    <Drawer
      open={project !== null}
      onClose={onClose}
      title={project ? t('detailTitle', { name: project.projectName }) : ''}
      size="min(1100px, 92vw)"
      destroyOnHidden
    >
      {project && (
        <Tabs
          items={[
            { key: 'plan', label: t('planTab'), children: <PlanTab projectId={project.projectId} /> },
            { key: 'team', label: t('teamTab'), children: <TeamTab projectId={project.projectId} /> },
            {
              key: 'auditors',
              label: t('auditorsTab'),
              children: <AuditorsTab projectId={project.projectId} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
