export { createHttpClient } from './httpClient.js';
export type {
  CallOptions,
  HttpClient,
  HttpClientHandlers,
  HttpClientOptions,
  MessageLevel,
  RequestOptions,
} from './httpClient.js';
export type { DownloadOptions, SavedFile } from './download.js';
export { saveFile } from './download.js';
export type { UploadOptions, UploadProgress } from './upload.js';
export { ApiError, isApiError, type ApiErrorKind } from './apiError.js';
export { buildQuery, type QueryParams, type QueryScalar, type QueryValue } from './query.js';
export {
  clearLicenceCookie,
  clearSessionCookies,
  readCookie,
  readToken,
  readUserType,
  removeCookie,
  writeCookie,
  writeSessionCookies,
  type CookieJar,
} from './cookies.js';
export {
  buildUserMenu,
  enabledRoutePaths,
  localName,
  menuTrail,
  searchMenu,
  systemForPath,
  type MenuNode,
  type MenuSearchEntry,
  type UserMenu,
} from './menu/menuBuilder.js';
export {
  isIpHost,
  isSubAppOrigin,
  pathnameOf,
  subAppForPath,
  subAppOrigin,
  type PageLocation,
} from './subapp/ports.js';
export {
  createFrameBridge,
  createShellBridge,
  frameWindowName,
  parseFrameWindowName,
  type FrameBridge,
  type FrameIdentity,
  type FrameBridgeOptions,
  type FrameMessageBody,
  type IgnoredHook,
  type IgnoredReason,
  type ShellBridge,
  type ShellBridgeOptions,
  type ShellMessageBody,
} from './subapp/bridge.js';
export { parsePageSettings, readPageSettings } from './pageSettings.js';
export { socketPage } from './socketPage.js';
export { clearDictList, itemNameOf, loadDictionaries, readDictList, writeDictList } from './dictionaries.js';
export {
  backoffDelay,
  createPushClient,
  createSocketClient,
  jsonFrames,
  pushUrl,
  type PushClient,
  type PushClientOptions,
  type PushClock,
  type PushSocket,
  type PushSocketConstructor,
  type PushState,
  type SocketClientOptions,
} from './push.js';
export { launchPluginByScheme, PLUGIN_START_URL } from './pluginScheme.js';
export { isBareEscape } from './escapeKey.js';
