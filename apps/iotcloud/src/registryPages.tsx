import { findRouteByPath } from '@cityops/contract';
import type { SubAppPages } from '@cityops/subapp';
import { lazy, type ComponentType } from 'react';

/** A page of its own chunk: its code loads when it is first opened. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const codeOf = (path: string) => {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route.code;
};

/**
 * The registry and thing-model pages of /iotcloud (issue 15 §2, §3), by route code. Not connected
 * yet: pointManagement, locationManagement, areaManage, batchImportPoint, equipmentMaintenance, upgrade.
 */
export const registryPages: SubAppPages = {
  [codeOf('/iotcloud/iot/assetMorror/productManage')]: page(
    () => import('./thingModel/ProductManagePage'),
    'ProductManagePage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/functionManage')]: page(
    () => import('./thingModel/FunctionManagePage'),
    'FunctionManagePage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/modelSetting')]: page(
    () => import('./thingModel/ModelSettingPage'),
    'ModelSettingPage',
  ),
};
