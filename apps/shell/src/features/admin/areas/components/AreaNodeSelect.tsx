import { TreeSelect, type TreeSelectProps } from 'antd';
import { useAreaTree } from '../queries';
import { areaChoices } from './areaTree';

/** A choice of one area node of a project (its directories show the way); none until a project is chosen. */
export function AreaNodeSelect({
  projectId,
  ...props
}: Omit<TreeSelectProps, 'treeData' | 'loading'> & { projectId: number | null | undefined }) {
  const tree = useAreaTree(projectId ?? null);
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      disabled={!projectId}
      {...props}
      loading={tree.isLoading && Boolean(projectId)}
      treeData={areaChoices(tree.data ?? [], (area) => area.type === 'areanode')}
    />
  );
}
