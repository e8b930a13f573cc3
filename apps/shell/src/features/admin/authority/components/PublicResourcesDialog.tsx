import { useMemo, useState } from 'react';
import { Modal, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionNode } from '@cityops/contract';
import { crudTexts } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { allIds, indexTree, toggle } from '../../roles/permissionTree';
import { toTreeData } from '../../roles/components/PermissionDialog';
import { useUpdatePublic } from '../queries';
import { authorityTexts } from '../texts';

const publicIds = (nodes: readonly PermissionNode[]): number[] =>
  nodes.flatMap((node) => [...(node.isPublic ? [node.id] : []), ...publicIds(node.children)]);

/** The public resources, which every signed-in user holds: a checkable tree saved as one list of ids. */
export function PublicResourcesDialog({
  tree,
  onClose,
}: {
  tree: readonly PermissionNode[];
  onClose(): void;
}) {
  const t = authorityTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: contract } = useTranslation('contract');
  const save = useUpdatePublic();
  const index = useMemo(() => indexTree(tree), [tree]);
  const [checked, setChecked] = useState<number[]>(() => publicIds(tree));

  const submit = async () => {
    try {
      await save.mutateAsync(checked);
      showMessage('SUCCESS', contract('resource.publicSaved'));
      onClose();
    } catch {
      // The HTTP client has shown the server's reason.
    }
  };

  return (
    <Modal
      open
      title={t('publicTitle')}
      width={640}
      okText={crud('save')}
      cancelText={crud('cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">{t('publicHint')}</Typography.Paragraph>
      <div style={{ maxHeight: 480, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandedKeys={allIds(tree).filter((id) => checked.includes(id))}
          treeData={toTreeData(tree)}
          checkedKeys={checked}
          onCheck={(_, info) => setChecked(toggle(index, checked, Number(info.node.key), info.checked))}
          aria-label={t('publicResources')}
        />
      </div>
    </Modal>
  );
}
