export { CrudProvider, useCrud, type CrudEnvironment, type ListLocation } from './context.js';
export { readListState, writeListState, filtersOf, type ListRequestSchema } from './listState.js';
export { useListState, type ListStateApi } from './useListState.js';
export { useOpenedRecord } from './useOpenedRecord.js';
export {
  endpointKey,
  listRefresher,
  useEndpointMutation,
  useEndpointQuery,
  useListRefresher,
  usePageQuery,
} from './queries.js';
export {
  applySettings,
  defaultSettings,
  mergeSettings,
  moveSetting,
  type ColumnDeclaration,
} from './columnSettings.js';
export { useTableSettings } from './useTableSettings.js';
export { ColumnSettingsButton } from './ColumnSettingsButton.js';
export {
  DataTable,
  type BatchAction,
  type CrudColumn,
  type DataTableProps,
  type PagedList,
} from './DataTable.js';
export { ChoiceFilterItem, SearchBar, type SearchBarProps } from './SearchBar.js';
export { LoadFailedAlert } from './LoadFailedAlert.js';
export { FormDialog, type FormDialogProps } from './FormDialog.js';
export { refusedField, type FieldPath, type FieldRefusals } from './refusals.js';
export { zodRule } from './zodRule.js';
export { confirmAction, confirmDelete, type ConfirmActionOptions } from './confirmAction.js';
export { crudTexts } from './texts.js';
export {
  DICTIONARIES_QUERY_KEY,
  DICTIONARIES_STALE_MS,
  DictionaryLabel,
  DictionarySelect,
  useDictionaries,
  useDictionary,
  type DictionarySelectProps,
} from './dictionary.js';
export { RowActions, type RowAction } from './RowActions.js';
export {
  DEFAULT_POPUP_PAGE_SIZE,
  cardPagination,
  popupPagination,
  usePopupPaging,
  type PopupPageSize,
} from './listPaging.js';
export { StoredImages, type StoredImage, type StoredImagesProps } from './StoredImages.js';
export { DevicePicker, type DeviceChoiceEndpoint, type DevicePickerProps } from './DevicePicker.js';
export {
  LiveBadge,
  useFollowingSocket,
  usePageSocket,
  type FollowingSocketOptions,
  type PageSocket,
  type PageSocketOptions,
} from './live.js';
export {
  AreaNodeSelect,
  ProjectFilterItem,
  ProjectScopedItem,
  ProjectSelect,
  SiteSelect,
  areaChoices,
  areaMapId,
  flattenAreas,
  mapAreasOf,
  useAreaTree,
  useMyProjects,
  useProjectAreas,
  useProjectSites,
  type AreaChoice,
} from './places.js';
export {
  MOMENT_FORMAT,
  MomentRangeItem,
  momentFilterOf,
  momentRangeOf,
  type MomentRange,
} from './momentRange.js';
export { AlarmLevelTag, AlarmStateTag, CodeTag, type CodeTagProps } from './tags.js';
