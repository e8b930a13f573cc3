import { nameOrCode, type Names } from '../names.js';

/**
 * Device types (product types): the type codes a product carries. §9 names 0101, 0001 and 1101 as the
 * types without a control code: they are structures and places, not electronics (a pole, a point, a
 * cabinet), so nothing is addressed on them; every other type's devices carry one.
 */
export const DEVICE_TYPES = {
  '0001': ['智慧灯杆', 'Smart pole'],
  '0101': ['安装点位', 'Installation point'],
  '1101': ['配电箱', 'Distribution cabinet'],
  '0201': ['单灯控制器', 'Lamp controller'],
  '0301': ['回路控制器', 'Loop controller'],
  '0401': ['环境监测仪', 'Environment sensor'],
  '0501': ['智能井盖', 'Smart manhole cover'],
  '0502': ['井盖基站', 'Manhole cover base station'],
  '0503': ['井盖中继器', 'Manhole cover repeater'],
  '0601': ['智能开关', 'Smart switch'],
  '0701': ['物联网关', 'IoT gateway'],
  '0801': ['一键报警柱', 'One-key alarm column'],
  '0901': ['广播终端', 'Broadcast terminal'],
} as const satisfies Record<string, Names>;

export type DeviceType = keyof typeof DEVICE_TYPES;

/** A device type's name in the locale in use; a code the table does not know shows as itself. */
export const deviceTypeName = (code: string, locale: string): string =>
  nameOrCode(DEVICE_TYPES, code, locale);
export const DEVICE_TYPE_CODES = Object.keys(DEVICE_TYPES) as [DeviceType, ...DeviceType[]];

/** §9: "Device types without control code: 0101, 0001, 1101." */
export const NO_CONTROL_CODE_TYPES: readonly DeviceType[] = ['0101', '0001', '1101'];

export const hasControlCode = (type: string): boolean =>
  !(NO_CONTROL_CODE_TYPES as readonly string[]).includes(type);

/** The well-known types the first pages stand on. */
export const TYPE_ENV_SENSOR = '0401' satisfies DeviceType;
export const TYPE_WELL_LID = '0501' satisfies DeviceType;
export const TYPE_WELL_LID_BASE = '0502' satisfies DeviceType;
export const TYPE_WELL_LID_REPEATER = '0503' satisfies DeviceType;
export const TYPE_SMART_SWITCH = '0601' satisfies DeviceType;
export const TYPE_LAMP = '0201' satisfies DeviceType;
export const TYPE_LOOP = '0301' satisfies DeviceType;
export const TYPE_GATEWAY = '0701' satisfies DeviceType;
