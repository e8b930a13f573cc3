import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  areaEndpoints,
  chinaDateTime,
  contractTexts,
  DEVICE_TYPE_CODES,
  DEVICE_TYPES,
  LOCALES,
  productEndpoints,
  projectEndpoints,
  siteEndpoints,
  text,
  type AreaNode,
  type DeviceType,
  type LngLat,
  type Locale,
  type MapArea,
  type TextKey,
} from '@cityops/contract';
import { isApiError } from '@cityops/client';
import { confirmDelete, crudTexts, RowActions, useCrud, useEndpointQuery } from '@cityops/crud';

/** The language the page shows (the frame follows the shell's). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** A device type's name in the UI language (§9's codes). */
export const typeName = (code: string, locale: Locale): string => {
  const names = (DEVICE_TYPES as Record<string, readonly [string, string] | undefined>)[code];
  return names ? names[locale === 'en-US' ? 1 : 0] : code;
};

export const isTextKey = (key: string): key is TextKey => Object.hasOwn(contractTexts['zh-CN'], key);

/** A contract text by key with its values, or the key itself when the server named something unknown. */
export const contractText = (key: string, locale: Locale, values: Record<string, string | number> = {}) =>
  isTextKey(key) ? text(key, locale, values) : key;

/** A stored moment as the lists show it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const listTime = (iso: string | null | undefined) => (iso ? chinaDateTime(iso) : '');

/**
 * The form field a server refusal belongs to, when its message is one of `keys`' texts (in either
 * language): the page shows it under that field instead of only in the message bar.
 */
export function refusedField<F extends string>(
  error: unknown,
  keys: Readonly<Partial<Record<TextKey, F>>>,
): { field: F; message: string } | null {
  if (!isApiError(error) || error.kind !== 'status') return null;
  for (const [key, field] of Object.entries(keys) as [TextKey, F][]) {
    if (LOCALES.some((locale) => text(key, locale) === error.message))
      return { field, message: error.message };
  }
  return null;
}

/** The user's projects (the session's list, as the shell's project choices read it). */
export const useMyProjects = () =>
  useEndpointQuery(projectEndpoints.listByUser, { query: {} }, { staleTime: 30_000 });

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

interface AreaChoice {
  value: number;
  title: string;
  disabled: boolean;
  children: AreaChoice[];
}
const areaChoices = (tree: readonly AreaNode[]): AreaChoice[] =>
  tree.map((area) => ({
    value: area.areaId,
    title: area.name,
    disabled: area.type !== 'areanode',
    children: areaChoices(area.children),
  }));

/** The project's area tree (the shell's `/sys/area/tree`); nothing until a project is chosen. */
export const useAreaTree = (projectId: number | null | undefined) =>
  useEndpointQuery(
    areaEndpoints.tree,
    { query: { projectId: projectId ?? 0 } },
    { enabled: Boolean(projectId), staleTime: 30_000 },
  );

/** One area node of the project (its directories show the way), as the shell's site form chooses one. */
export function AreaSelect({
  projectId,
  ...props
}: Omit<TreeSelectProps, 'treeData' | 'loading'> & { projectId: number | null | undefined }) {
  const tree = useAreaTree(projectId);
  const data = useMemo(() => areaChoices(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      disabled={!projectId}
      {...props}
      loading={tree.isLoading && Boolean(projectId)}
      treeData={data}
    />
  );
}

/**
 * The project's sites, read from 站点管理's list (the shell's only site query; the largest page).
 * Quiet: a user without 站点管理 gets no sites to choose and no error box.
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

/** Every product, newest first (the registry's choices). */
export const useAllProducts = () =>
  useEndpointQuery(productEndpoints.all, { query: {} }, { staleTime: 10_000 });

export function ProductSelect(props: Omit<SelectProps, 'options' | 'loading'>) {
  const products = useAllProducts();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={products.isLoading}
      options={(products.data ?? []).map((product) => ({
        value: product.productId,
        label: `${product.name} (${product.productKey})`,
      }))}
    />
  );
}

export function TypeSelect(props: Omit<SelectProps, 'options'>) {
  const locale = useLocale();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={DEVICE_TYPE_CODES.map((code: DeviceType) => ({
        value: code,
        label: `${typeName(code, locale)} (${code})`,
      }))}
    />
  );
}

/** A row's 编辑 and 删除 (after 确定删除“name”吗？), each shown only to holders of its button code. */
export function EditDeleteActions({
  name,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  name: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit(): void;
  onDelete(): Promise<unknown>;
}) {
  const crud = crudTexts.useTexts();
  return (
    <RowActions
      actions={[
        { key: 'edit', label: crud('edit'), hidden: !canEdit, onClick: onEdit },
        {
          key: 'delete',
          label: crud('delete'),
          danger: true,
          hidden: !canDelete,
          onClick: () => void confirmDelete(name, onDelete),
        },
      ]}
    />
  );
}

const flattenAreas = (tree: readonly AreaNode[]): AreaNode[] =>
  tree.flatMap((area) => [area, ...flattenAreas(area.children)]);

/**
 * What a map of a project shows, as the shell's site form draws it: the project's outline and its
 * areas', and where the view starts (the project's point, else its outline's first corner).
 */
export function useProjectMap(projectId: number | null | undefined): { areas: MapArea[]; centre?: LngLat } {
  const projects = useMyProjects();
  const tree = useAreaTree(projectId);
  const project = projects.data?.find((item) => item.projectId === projectId);
  return useMemo(() => {
    const areas: MapArea[] = [
      ...(project
        ? [
            {
              id: `project-${project.projectId}`,
              type: 'project' as const,
              name: project.projectName,
              polygon: project.polygon,
            },
          ]
        : []),
      ...flattenAreas(tree.data ?? []).map((area) => ({
        id: `area-${area.areaId}`,
        type: area.type,
        name: area.name,
        polygon: area.polygon,
      })),
    ];
    const centre =
      project && project.longitude !== null && project.latitude !== null
        ? { lng: project.longitude, lat: project.latitude }
        : project?.polygon[0];
    return { areas, centre };
  }, [project, tree.data]);
}
