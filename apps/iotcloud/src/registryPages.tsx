import { findRouteByPath } from '@cityops/contract';
import { useSubAppNavigate, type SubAppPages } from '@cityops/subapp';
import { lazyPage } from '@cityops/ui';

const codeOf = (path: string) => {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route.code;
};

/** Where a device's detail opens: 设备管理 on it. */
export const DEVICE_DETAIL_PATH = '/iotcloud/iot/assetMorror/devManage';

const DeviceListPage = lazyPage(() => import('./assets/DeviceListPage'), 'DeviceListPage');

/** 设备列表, whose device names open 设备管理 on the device (a tab of its own). */
function DeviceList() {
  const navigate = useSubAppNavigate();
  return (
    <DeviceListPage onOpenDevice={(deviceId) => navigate(`${DEVICE_DETAIL_PATH}?deviceId=${deviceId}`)} />
  );
}

/**
 * The registry and thing-model pages of /iotcloud, by route code. The other asset
 * pages (points, placement, maintenance, upgrades) are registered in pages.tsx.
 */
export const registryPages: SubAppPages = {
  [codeOf('/iotcloud/iot/assetMorror/productManage')]: lazyPage(
    () => import('./thingModel/ProductManagePage'),
    'ProductManagePage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/functionManage')]: lazyPage(
    () => import('./thingModel/FunctionManagePage'),
    'FunctionManagePage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/modelSetting')]: lazyPage(
    () => import('./thingModel/ModelSettingPage'),
    'ModelSettingPage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/devList')]: DeviceList,
  [codeOf('/iotcloud/iot/assetMorror/devManage')]: lazyPage(
    () => import('./assets/DeviceManagePage'),
    'DeviceManagePage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/equipmentOverview')]: lazyPage(
    () => import('./assets/OverviewPage'),
    'OverviewPage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/batchImport')]: lazyPage(
    () => import('./assets/BatchImportPage'),
    'BatchImportPage',
  ),
};
