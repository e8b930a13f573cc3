import { describe, expect, it } from 'vitest';
import { findRouteByPath } from '@cityops/contract';
import { pages } from './pages';

describe('the omapp pages', () => {
  it('connects 工单管理 and 运维统计 by their route codes', () => {
    for (const path of ['/omapp/assets/om/omWorkOrder', '/omapp/assets/om/omStatisticsInfo']) {
      const code = findRouteByPath(path)?.code;
      expect(code && pages[code]).toBeTruthy();
    }
  });
});
