/** The live device pages, loaded as one chunk when the first of them opens. */
export { RealtimePage } from './RealtimePage';
export { HistoryPage } from './HistoryPage';
export { WellLidMonitorPage } from './WellLidMonitorPage';
export { WellLidAlarmPage } from './WellLidAlarmPage';
export { SwitchControlPage } from './SwitchControlPage';
export { GatewayControlPage } from './GatewayControlPage';
