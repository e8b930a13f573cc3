export { CityMap, type CityMapProps } from './CityMap';
export { OutlineEditor, outlineCentre, type OutlineEditorProps } from './OutlineEditor';
export { OutlineTools, type OutlineToolsProps } from './OutlineTools';
export {
  LocationPicker,
  coordinatesOf,
  locationRule,
  requiredLocationRule,
  NO_LOCATION,
  locationPoint,
  locationProblem,
  locationText,
  outlineProblem,
  type LocationPickerProps,
  type LocationValue,
} from './LocationPicker';
export { convert, coordinateText, projectionFor, type Projection } from './coords';
export { graticule, graticuleStep } from './graticule';
export { providerStyle, AMAP_TILES } from './providers';
export { mapTexts } from './texts';
export { AMAP_JS_API, amapScriptUrl, loadAMap, reverseGeocode } from './amap';
export { useAddress, type AddressState } from './useAddress';
export { projectCentre } from './projectCentre';
export { useAddressFill } from './useAddressFill';
