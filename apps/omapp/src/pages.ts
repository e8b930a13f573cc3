import { lazyPage } from '@cityops/ui';
import { findRouteByPath } from '@cityops/contract';
import type { SubAppPages } from '@cityops/subapp';
import type * as AlarmPages from './alarms/pages';

const codeOf = (path: string) => {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route.code;
};

/** The alarm and early-warning pages: one chunk for the four of them. */
const alarms = <Name extends keyof typeof AlarmPages>(name: Name) =>
  lazyPage(() => import('./alarms/pages'), name);

/**
 * The pages of /omapp that are connected, by route code. Every other route of /omapp in the contract's
 * route table is declared too and shows that it is not connected yet.
 */
export const pages: SubAppPages = {
  // The alarm and early-warning lists.
  [codeOf('/omapp/assets/alarmManagement/alarmList')]: alarms('AlarmPage'),
  [codeOf('/omapp/assets/alarmManagement/historyList')]: alarms('AlarmHistoryPage'),
  [codeOf('/omapp/assets/ewManagement/ewInfoList')]: alarms('WarningPage'),
  [codeOf('/omapp/assets/ewManagement/ewInfoHisList')]: alarms('WarningHistoryPage'),
  // Work orders and the statistics: one chunk each, the statistics with ECharts.
  [codeOf('/omapp/assets/om/omWorkOrder')]: lazyPage(
    () => import('./workOrders/WorkOrderPage'),
    'WorkOrderPage',
  ),
  [codeOf('/omapp/assets/om/omStatisticsInfo')]: lazyPage(
    () => import('./statistics/StatisticsPage'),
    'StatisticsPage',
  ),
};
