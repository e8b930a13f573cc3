import { useMemo, useState } from 'react';
import { Empty, Input, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { CameraEntry, CameraTree as Tree_, VideoPlatform } from '@cityops/contract';

export interface CameraTreeProps {
  tree: Tree_ | null;
  /** The tree could not be loaded. */
  failed: boolean;
  platform: VideoPlatform;
  /** At most this many cameras can be chosen (the player's windows). */
  max: number;
  chosen: readonly string[];
  onChoose(codes: string[]): void;
  /** A camera was double-clicked: the page opens it in the video dialog (§2.4). */
  onOpen?(code: string): void;
}

const projectKey = (id: number) => `p:${id}`;
const areaKey = (id: number, area: string) => `a:${id}:${area}`;
const siteKey = (id: number, area: string, site: string) => `s:${id}:${area}:${site}`;

/** Every camera of the tree by its code, to turn checked keys into device entries. */
export function camerasByCode(tree: Tree_ | null): Map<string, CameraEntry> {
  const cameras = new Map<string, CameraEntry>();
  for (const project of tree ?? [])
    for (const area of project.areas)
      for (const site of area.sites)
        for (const camera of site.cameras) cameras.set(camera.controlCode, camera);
  return cameras;
}

/**
 * The cameras the user may watch, project → area → site → camera. Ticking a camera (or a
 * branch) plays it; a search narrows the tree by name or code.
 */
export function CameraTree({ tree, failed, max, chosen, onChoose, onOpen }: CameraTreeProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const cameras = useMemo(() => camerasByCode(tree), [tree]);

  const nodes = useMemo((): DataNode[] => {
    const matches = (camera: CameraEntry) =>
      needle === '' ||
      camera.devName.toLowerCase().includes(needle) ||
      camera.controlCode.toLowerCase().includes(needle);
    return (tree ?? [])
      .map((project) => ({
        key: projectKey(project.projectId),
        title: project.projectName,
        children: project.areas
          .map((area) => ({
            key: areaKey(project.projectId, area.areaName),
            title: area.areaName,
            children: area.sites
              .map((site) => ({
                key: siteKey(project.projectId, area.areaName, site.siteName),
                title: site.siteName,
                children: site.cameras.filter(matches).map((camera) => ({
                  key: camera.controlCode,
                  title: camera.devName,
                  isLeaf: true,
                })),
              }))
              .filter((site) => site.children.length > 0),
          }))
          .filter((area) => area.children.length > 0),
      }))
      .filter((project) => project.children.length > 0);
  }, [tree, needle]);

  if (failed) return <Empty description={t('video.page.treeFailed')} />;
  if (!tree) return <Spin style={{ display: 'block', marginTop: 48 }} />;
  if (cameras.size === 0) return <Empty description={t('video.page.noCameras')} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
      <Input.Search
        allowClear
        placeholder={t('video.page.search')}
        aria-label={t('video.page.search')}
        onChange={(event) => setQuery(event.target.value)}
      />
      <Typography.Text type="secondary">
        {t('video.page.chosen', { count: chosen.length, max })}
      </Typography.Text>
      <div style={{ flex: 1, overflow: 'auto' }}>
        <Tree
          checkable
          defaultExpandAll
          treeData={nodes}
          checkedKeys={[...chosen]}
          onCheck={(checked) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            const codes = keys.map(String).filter((key) => cameras.has(key));
            onChoose(codes.slice(0, max));
          }}
          onDoubleClick={(_, node) => {
            const code = String(node.key);
            if (cameras.has(code)) onOpen?.(code);
          }}
        />
      </div>
    </div>
  );
}
