import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PROJECT, type PermissionNode, type RoleRow } from '@cityops/contract';
import { crudTexts } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { allIds, checkedIds, indexTree, toggle } from '../permissionTree';
import { useAssignPermission, usePermissionTree } from '../queries';
import { roleTexts } from '../texts';

/**
 * Beside `project`, which is no ordinary page: whoever holds it sees and runs every project's devices
 * (their secrets included), not only those of the projects they were given.
 */
function ProjectScopeWarning() {
  const t = roleTexts.useTexts();
  return (
    <Typography.Text type="warning" style={{ marginInlineStart: 8 }}>
      <WarningOutlined /> {t('projectScopeWarning')}
    </Typography.Text>
  );
}

/** The permission tree for antd's Tree (the role's and the public resources' dialogs). */
export const toTreeData = (nodes: readonly PermissionNode[]): TreeDataNode[] =>
  nodes.map((node) => {
    const label = `${node.name}（${node.code}）`;
    return {
      key: node.id,
      title:
        node.code === PROJECT ? (
          <>
            {label}
            <ProjectScopeWarning />
          </>
        ) : (
          label
        ),
      ...(node.children.length > 0 ? { children: toTreeData(node.children) } : {}),
    };
  });

/**
 * A checkable tree of every permission, checked where the role holds it; saving sends the checked
 * ids. Checking is strict (a page without its buttons is a real choice) with the ancestor rules of
 * permissionTree.ts. The administrator role is shown read-only: it always holds everything.
 */
export function PermissionDialog({ role, onClose }: { role: RoleRow; onClose(): void }) {
  const t = roleTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: contract } = useTranslation('contract');
  const tree = usePermissionTree(role.roleId);
  const assign = useAssignPermission();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const index = useMemo(() => indexTree(nodes), [nodes]);
  // Until the user changes them: what the server checked, and the systems opened.
  const [checkedEdit, setChecked] = useState<number[] | null>(null);
  const [expandedEdit, setExpanded] = useState<number[] | null>(null);
  const checked = checkedEdit ?? checkedIds(nodes);
  const expanded = expandedEdit ?? nodes.map((node) => node.id);

  const save = async () => {
    try {
      await assign.mutateAsync({ roleId: role.roleId, resourceIds: checked });
      showMessage('SUCCESS', contract('role.permissionsAssigned'));
      onClose();
    } catch {
      // The HTTP client has shown the server's reason; the dialog keeps the choice.
    }
  };

  return (
    <Modal
      open
      title={t('assignTitle', { name: role.name })}
      width={640}
      okText={crud('save')}
      cancelText={crud('cancel')}
      okButtonProps={{ disabled: role.builtIn || !tree.data }}
      confirmLoading={assign.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {role.builtIn ? (
        <Alert type="info" showIcon message={contract('role.adminFull')} style={{ marginBottom: 12 }} />
      ) : (
        <Typography.Paragraph type="secondary">{t('treeHint')}</Typography.Paragraph>
      )}
      {tree.isError && (
        <Alert
          type="error"
          showIcon
          message={t('treeLoadFailed')}
          action={
            <Button size="small" onClick={() => void tree.refetch()}>
              {crud('retry')}
            </Button>
          }
        />
      )}
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setExpanded(allIds(nodes))}>
          {t('expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('collapseAll')}
        </Button>
        {!role.builtIn && (
          <>
            <Button size="small" onClick={() => setChecked(allIds(nodes))}>
              {t('checkAll')}
            </Button>
            <Button size="small" onClick={() => setChecked([])}>
              {t('checkNone')}
            </Button>
          </>
        )}
      </Space>
      <Spin spinning={tree.isFetching}>
        <div style={{ maxHeight: 480, overflow: 'auto' }}>
          {/* Mounted with its data: a tree opened empty and then given its systems expanded animates
              them in with the systems themselves left out until the animation ends. */}
          {tree.data && (
            <Tree
              checkable
              checkStrictly
              selectable={false}
              disabled={role.builtIn}
              treeData={toTreeData(nodes)}
              checkedKeys={checked}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(Number))}
              onCheck={(_, info) => setChecked(toggle(index, checked, Number(info.node.key), info.checked))}
              aria-label={t('assign')}
            />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
