export { startSimulators, demoHikCredentials, demoIccCredentials } from './startSimulators.js';
export type { Simulators, SimulatorOptions, HikCredentials } from './startSimulators.js';
export type { IccCredentials } from './icc/iccAuth.js';
export type { CameraInfo, EncoderUsage, PlatformKind } from './cameras/cameraRegistry.js';
export { faults, faultSchema, type Fault, type FaultTimings } from './cameras/faults.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export { loadSeed, seedSchema, defaultSeedPath, type Seed, type SeedCamera } from './seed.js';
export {
  PtzModel,
  MAX_ZOOM,
  MIN_ZOOM,
  PRESET_MAX,
  PRESET_MIN,
  type PtzDirection,
  type PtzLens,
  type PtzPosition,
  type PtzPreset,
  type PtzSnapshot,
} from './ptz/ptzModel.js';
export { cropForPosition, expectedCentreColour, PANORAMA_HEIGHT, PANORAMA_WIDTH } from './ptz/ptzView.js';
export {
  recordSegments,
  playbackStretches,
  gapsOfDay,
  chinaDayStart,
  type RecordSegment,
} from './records/recordSegments.js';
export { toChinaIso, parseIsoWithOffset } from './records/isoTime.js';
export {
  barcodeLayout,
  defaultVideoFormat,
  type BarcodeBox,
  type VideoFormat,
} from './stream/videoFormat.js';
export { parseFlv, type FlvTag } from './stream/flv.js';
export { readProcessCpuSeconds } from './stream/ffmpegProcess.js';
export { dominantFrequency } from './talk/dominantFrequency.js';
export type { TalkStatsSnapshot } from './talk/talkStats.js';
export {
  artemisStringToSign,
  artemisSignature,
  signArtemisJsonPost,
  contentMd5,
} from './hik/artemisSignature.js';
export { hikErrors } from './hik/hikPlatform.js';
export { gatewayErrors as artemisGatewayErrors } from './hik/artemisGateway.js';
export { iccErrors } from './icc/iccAnswers.js';
export { startFleet } from './fleet/fleet.js';
export type { Fleet, FleetOptions, FleetStats, DeviceState, ReceivedCommand } from './fleet/fleet.js';
export { fleetFaultSchema, FAULT_RATES, type FleetFault } from './fleet/faults.js';
export { REPLY_CODES, RESTART_SECONDS, behaviourOf } from './fleet/behaviours.js';
export { seededRandom, seedOf } from './fleet/patterns.js';
export { demoDeviceSecret } from './fleet/secret.js';
export { fleetAdminRoutes, serveFleetAdmin } from './fleet/adminRoutes.js';
export { readFleetSettings, runFleet, fleetSettingsSchema, type FleetSettings } from './fleet/settings.js';
export {
  startAlarmBoxes,
  runScenario,
  alarmScenarioSchema,
  alarmBoxAdminRoutes,
  AlarmBoxError,
  ALARMBOX_REPLY_CODES,
  ToneSource,
  pcmSamples,
  alarmBoxSettingsSchema,
  readAlarmBoxSettings,
  runDemoAlarmBoxes,
} from './alarmbox/index.js';
export type {
  AlarmBoxSpec,
  AlarmBoxOptions,
  AlarmBoxState,
  AlarmBoxView,
  AlarmBoxes,
  HeardAudio,
  AlarmBoxErrorCode,
  AlarmScenario,
  ScenarioOutcome,
  AlarmBoxSettings,
} from './alarmbox/index.js';
