import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import {
  areaEndpoints,
  projectEndpoints,
  siteEndpoints,
  type AreaNode,
  type AreaRow,
  type MapArea,
  type Project,
} from '@cityops/contract';
import { useCrud } from './context.js';
import { useEndpointQuery } from './queries.js';

/**
 * Where things are placed: the user's projects, a project's area tree and its sites, and the choices
 * of them every project-scoped form and search bar offers (the shell's admin pages and the sub-apps'
 * device pages alike).
 */

/** The projects the user belongs to (with their places and outlines): what project-scoped pages choose from. */
export const useMyProjects = () =>
  useEndpointQuery(projectEndpoints.listByUser, { query: {} }, { staleTime: 30_000 });

/** A choice among the user's projects (by id): one or several, in a form or a search bar. */
export function ProjectSelect(props: Omit<SelectProps, 'options' | 'loading'>) {
  const projects = useMyProjects();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={projects.isLoading}
      options={(projects.data ?? []).map((project) => ({
        value: project.projectId,
        label: project.projectName,
      }))}
    />
  );
}

/** A project's area tree (`/sys/area/tree`); nothing until a project is chosen. */
export const useAreaTree = (projectId: number | null | undefined) =>
  useEndpointQuery(
    areaEndpoints.tree,
    { query: { projectId: projectId ?? 0 } },
    { enabled: Boolean(projectId), staleTime: 30_000 },
  );

/** Every area of a tree, parents before their children. */
export function flattenAreas(tree: readonly AreaNode[]): AreaNode[] {
  return tree.flatMap((area) => [area, ...flattenAreas(area.children)]);
}

/** Map ids: areas and projects are numbered apart, so each kind gets its own prefix. */
export const areaMapId = (areaId: number) => `area-${areaId}`;
const projectMapId = (projectId: number) => `project-${projectId}`;

/** What a map draws for a project's areas: the project's outline first, then every area's. */
export function mapAreasOf(project: Project | undefined, areas: readonly AreaRow[]): MapArea[] {
  return [
    ...(project
      ? [
          {
            id: projectMapId(project.projectId),
            type: 'project' as const,
            name: project.projectName,
            polygon: project.polygon,
          },
        ]
      : []),
    ...areas.map((area) => ({
      id: areaMapId(area.areaId),
      type: area.type,
      name: area.name,
      polygon: area.polygon,
    })),
  ];
}

export interface AreaChoice {
  value: number;
  title: string;
  disabled?: boolean;
  children: AreaChoice[];
}

/**
 * The tree as a TreeSelect offers it: `selectable` says which areas may be chosen (the others stay
 * to show the way), and an area left out by `keep` goes with everything under it.
 */
export function areaChoices(
  tree: readonly AreaNode[],
  selectable: (area: AreaNode) => boolean,
  keep: (area: AreaNode) => boolean = () => true,
): AreaChoice[] {
  return tree.filter(keep).map((area) => ({
    value: area.areaId,
    title: area.name,
    disabled: !selectable(area),
    children: areaChoices(area.children, selectable, keep),
  }));
}

/** A choice of one area node of a project (its directories show the way); none until a project is chosen. */
export function AreaNodeSelect({
  projectId,
  ...props
}: Omit<TreeSelectProps, 'treeData' | 'loading'> & { projectId: number | null | undefined }) {
  const tree = useAreaTree(projectId);
  const choices = useMemo(
    () => areaChoices(tree.data ?? [], (area) => area.type === 'areanode'),
    [tree.data],
  );
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      disabled={!projectId}
      {...props}
      loading={tree.isLoading && Boolean(projectId)}
      treeData={choices}
    />
  );
}

/**
 * One of the user's projects with its areas: the tree, the areas in tree order and the outlines a map
 * draws (the project's and every area's). Where the map looks: `projectCentre` of @cityops/map.
 */
export function useProjectAreas(projectId: number | null | undefined) {
  const projects = useMyProjects();
  const tree = useAreaTree(projectId);
  const project = projects.data?.find((item) => item.projectId === projectId);
  const areas = useMemo(() => flattenAreas(tree.data ?? []), [tree.data]);
  const mapAreas = useMemo(() => mapAreasOf(project, areas), [project, areas]);
  return { project, tree, areas, mapAreas };
}

/**
 * A project's sites, read from 站点管理's list (the largest page). Quiet: a user without 站点管理 gets
 * no sites to choose and no error box.
 */
export function useProjectSites(projectId: number | null | undefined) {
  const { http } = useCrud();
  return useQuery({
    queryKey: [siteEndpoints.page.path, 'choices', projectId],
    queryFn: ({ signal }) =>
      http.call(siteEndpoints.page, {
        body: { projectId: projectId ?? undefined, pageNum: 1, pageSize: 100 },
        quiet: true,
        signal,
      }),
    enabled: Boolean(projectId),
    staleTime: 30_000,
  });
}

/** A choice of one site of a project, narrowed to an area's when one is chosen. */
export function SiteSelect({
  projectId,
  areaId,
  ...props
}: Omit<SelectProps, 'options' | 'loading'> & {
  projectId: number | null | undefined;
  areaId?: number | null;
}) {
  const sites = useProjectSites(projectId);
  const options = (sites.data?.list ?? [])
    .filter((site) => !areaId || site.areaId === null || site.areaId === areaId)
    .map((site) => ({ value: site.siteId, label: site.name }));
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!projectId}
      {...props}
      loading={sites.isLoading && Boolean(projectId)}
      options={options}
    />
  );
}

/** A search bar's 所属项目 field: one of the user's projects, or all of them when cleared. */
export function ProjectFilterItem({ label, allLabel }: { label: ReactNode; allLabel: string }) {
  return (
    <Form.Item name="projectId" label={label}>
      <ProjectSelect allowClear placeholder={allLabel} style={{ width: 200 }} />
    </Form.Item>
  );
}

/**
 * A form field whose choices follow the form's chosen project (`projectId`): its areas, points or
 * boxes. `children` draws the select for the project chosen now.
 */
export function ProjectScopedItem({
  name,
  label,
  children,
}: {
  name: string;
  label: ReactNode;
  children: (projectId: number | undefined) => ReactNode;
}) {
  return (
    <Form.Item noStyle dependencies={['projectId']}>
      {(form) => (
        <Form.Item name={name} label={label}>
          {children(form.getFieldValue('projectId') as number | undefined)}
        </Form.Item>
      )}
    </Form.Item>
  );
}
