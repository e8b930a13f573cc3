import { useMemo, useState } from 'react';
import { EnvironmentOutlined, FolderOutlined } from '@ant-design/icons';
import { Empty, Input, Tree, type TreeDataNode } from 'antd';
import type { AreaNode } from '@cityops/contract';
import { areaTexts } from '../texts';
import { flattenAreas } from '@cityops/crud';
import { matchingAreas } from './areaTree';

const ICONS = { areadir: <FolderOutlined />, areanode: <EnvironmentOutlined /> } as const;

function treeData(areas: readonly AreaNode[]): TreeDataNode[] {
  return areas.map((area) => ({
    key: area.areaId,
    title: area.name,
    icon: ICONS[area.type],
    isLeaf: area.children.length === 0,
    children: treeData(area.children),
  }));
}

export interface AreaTreeProps {
  tree: readonly AreaNode[];
  selectedId: number | null;
  onSelect(areaId: number | null): void;
}

/** The project's areas as a tree (a folder per directory, a pin per node), searched by name. */
export function AreaTree({ tree, selectedId, onSelect }: AreaTreeProps) {
  const t = areaTexts.useTexts();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => matchingAreas(tree, search), [tree, search]);
  // Opened all the way down at first; a search opens the way to every match.
  const allKeys = useMemo(() => flattenAreas(shown).map((area) => area.areaId), [shown]);
  const [collapsed, setCollapsed] = useState<readonly number[]>([]);
  const expandedKeys = allKeys.filter((key) => !collapsed.includes(key));

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        maxLength={50}
        onSearch={setSearch}
        onChange={(event) => event.target.value === '' && setSearch('')}
        style={{ marginBottom: 8 }}
      />
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={search ? t('noMatch', { text: search }) : t('empty')}
        />
      ) : (
        <Tree
          showIcon
          blockNode
          aria-label={t('treeTitle')}
          treeData={treeData(shown)}
          expandedKeys={expandedKeys}
          onExpand={(keys) =>
            setCollapsed(allKeys.filter((key) => !(keys as readonly number[]).includes(key)))
          }
          selectedKeys={selectedId === null ? [] : [selectedId]}
          onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : null)}
        />
      )}
    </div>
  );
}
