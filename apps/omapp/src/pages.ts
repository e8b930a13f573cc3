import { lazy } from 'react';
import { findRouteByPath } from '@cityops/contract';
import type { SubAppPages } from '@cityops/subapp';

const codeOf = (path: string) => {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route.code;
};

/**
 * The pages of /omapp that are connected, by route code. Every other route of /omapp in the contract's
 * route table is declared too and shows that it is not connected yet.
 */
export const pages: SubAppPages = {
  // Work orders and the statistics (issue 16 §3): one chunk each, the statistics with ECharts.
  [codeOf('/omapp/assets/om/omWorkOrder')]: lazy(() =>
    import('./workOrders/WorkOrderPage').then((module) => ({ default: module.WorkOrderPage })),
  ),
  [codeOf('/omapp/assets/om/omStatisticsInfo')]: lazy(() =>
    import('./statistics/StatisticsPage').then((module) => ({ default: module.StatisticsPage })),
  ),
};
