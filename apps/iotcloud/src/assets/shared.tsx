import { Select, type SelectProps } from 'antd';
import {
  deviceTypeName,
  chinaDateTime,
  contractTexts,
  DEVICE_TYPE_CODES,
  givenName,
  productEndpoints,
  productNameOf,
  text,
  type DeviceType,
  type LngLat,
  type Locale,
  type MapArea,
  type TextKey,
} from '@cityops/contract';
import { useLocale } from '@cityops/ui';
import { confirmDelete, crudTexts, RowActions, useEndpointQuery, useProjectAreas } from '@cityops/crud';
import { projectCentre } from '@cityops/map';

/** The language the page shows (the frame follows the shell's). */
export { useLocale };

export const isTextKey = (key: string): key is TextKey => Object.hasOwn(contractTexts['zh-CN'], key);

/** A contract text by key with its values, or the key itself when the server named something unknown. */
export const contractText = (key: string, locale: Locale, values: Record<string, string | number> = {}) =>
  isTextKey(key) ? text(key, locale, values) : key;

/** A stored moment as the lists show it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const listTime = (iso: string | null | undefined) => (iso ? chinaDateTime(iso) : '');

/**
 * The project, area and site choices are the CRUD kit's (the shell's admin pages offer the same);
 * they are named here as the device pages first knew them.
 */
export {
  AreaNodeSelect as AreaSelect,
  ProjectSelect,
  SiteSelect,
  useAreaTree,
  useMyProjects,
  useProjectSites,
} from '@cityops/crud';

/**
 * A device's product in the locale in use, with its device type when the product's name does not
 * already say it (a demo product is often named after its type).
 */
export function productAndType(
  device: { productName: string; productNameEn: string; typeCode: DeviceType },
  locale: Locale,
): string {
  const product = productNameOf(device, locale);
  const type = deviceTypeName(device.typeCode, locale);
  return product === type ? product : `${product} (${type})`;
}

/** Every product, newest first (the registry's choices). */
export const useAllProducts = () =>
  useEndpointQuery(productEndpoints.all, { query: {} }, { staleTime: 10_000 });

export function ProductSelect(props: Omit<SelectProps, 'options' | 'loading'>) {
  const locale = useLocale();
  const products = useAllProducts();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={products.isLoading}
      options={(products.data ?? []).map((product) => ({
        value: product.productId,
        label: `${givenName(product, locale)} (${product.productKey})`,
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
        label: `${deviceTypeName(code, locale)} (${code})`,
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

/**
 * What a map of a project shows, as the shell's site form draws it: the project's outline and its
 * areas', and where the view starts.
 */
export function useProjectMap(projectId: number | null | undefined): { areas: MapArea[]; centre?: LngLat } {
  const { project, mapAreas } = useProjectAreas(projectId);
  return { areas: mapAreas, centre: projectCentre(project) };
}
