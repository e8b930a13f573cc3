/** The live device pages, loaded as one chunk when the first of them opens. */
export { RealtimePage } from './RealtimePage';
export { HistoryPage } from './HistoryPage';
export { WellLidMonitorPage } from './WellLidMonitorPage';
export { LampAlarmPage, LoopAlarmPage, WellLidAlarmPage } from './DeviceAlarmPage';
export { SwitchControlPage } from './SwitchControlPage';
export { GatewayControlPage } from './GatewayControlPage';
