import { findRouteByPath } from '@cityops/contract';
import { useSubAppNavigate, type SubAppPages } from '@cityops/subapp';
import { lazy, type ComponentType } from 'react';

/** A page of its own chunk: its code loads when it is first opened. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const codeOf = (path: string) => {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route.code;
};

/** Where a device's detail opens: 设备管理 on it. */
export const DEVICE_DETAIL_PATH = '/iotcloud/iot/assetMorror/devManage';

const DeviceListPage = lazy(() =>
  import('./assets/DeviceListPage').then((module) => ({ default: module.DeviceListPage })),
);

/** 设备列表, whose device names open 设备管理 on the device (a tab of its own). */
function DeviceList() {
  const navigate = useSubAppNavigate();
  return (
    <DeviceListPage onOpenDevice={(deviceId) => navigate(`${DEVICE_DETAIL_PATH}?deviceId=${deviceId}`)} />
  );
}

/**
 * The registry and thing-model pages of /iotcloud (issue 15 §2, §3), by route code. The other asset
 * pages (points, placement, maintenance, upgrades) are registered in pages.tsx.
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
  [codeOf('/iotcloud/iot/assetMorror/devList')]: DeviceList,
  [codeOf('/iotcloud/iot/assetMorror/devManage')]: page(
    () => import('./assets/DeviceManagePage'),
    'DeviceManagePage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/equipmentOverview')]: page(
    () => import('./assets/OverviewPage'),
    'OverviewPage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/batchImport')]: page(
    () => import('./assets/BatchImportPage'),
    'BatchImportPage',
  ),
};
