import { AlarmListPage } from './AlarmListPage';

/** 告警列表, 历史告警, 预警信息 and 历史预警: the one list, by kind and open or closed. */
export const AlarmPage = () => <AlarmListPage kind="alarm" list="open" />;
export const AlarmHistoryPage = () => <AlarmListPage kind="alarm" list="closed" />;
export const WarningPage = () => <AlarmListPage kind="warning" list="open" />;
export const WarningHistoryPage = () => <AlarmListPage kind="warning" list="closed" />;
