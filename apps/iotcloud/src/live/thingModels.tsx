import { useMemo } from 'react';
import { theme } from 'antd';
import { useQueries } from '@tanstack/react-query';
import {
  DEMO_PRODUCTS,
  givenName,
  productEndpoints,
  type DeviceType,
  type TelemetryValue,
  type ThingModel,
  type ValueSpec,
} from '@cityops/contract';
import { endpointKey } from '@cityops/crud';
import { useCrud } from '@cityops/crud';
import { useLocale } from '@cityops/ui';
import { formatDuration } from '@cityops/ui';
import { liveTexts } from './texts';
import { FLASH_MS } from './useLiveDevices';

/**
 * A property as a page shows it: its name in the interface language (its English name in English
 * when it has one), its type (unit, labels) from the product's thing model.
 */
export interface PropertyInfo {
  identifier: string;
  name: string;
  spec: ValueSpec;
}

export type Properties = ReadonlyMap<string, PropertyInfo>;

const propertiesOf = (
  functions: ThingModel['functions'] | DemoFunctions,
  locale: string,
): Map<string, PropertyInfo> =>
  new Map(
    functions.flatMap((fn) =>
      fn.kind === 'property'
        ? [[fn.identifier, { identifier: fn.identifier, name: givenName(fn, locale), spec: fn.spec }]]
        : [],
    ),
  );
type DemoFunctions = (typeof DEMO_PRODUCTS)[number]['functions'];

/** The demo products' properties by type: what a page shows when the model cannot be read. */
const demoProperties = (typeCode: DeviceType, locale: string): Properties | undefined => {
  const demo = DEMO_PRODUCTS.find((candidate) => candidate.product.typeCode === typeCode);
  return demo && propertiesOf(demo.functions, locale);
};
const NONE: Properties = new Map();
const demoPropertiesOf = (typeCode: DeviceType | undefined, locale: string): Properties =>
  (typeCode && demoProperties(typeCode, locale)) || NONE;

/** The properties of a product by its id, else the demo product's of the type. */
export type PropertiesOf = (productId: number | undefined, typeCode?: DeviceType) => Properties;

/**
 * The properties of each product on screen, read from its thing model (`productEndpoints.model`,
 * quietly: a user without the product page's code gets the demo products' names and units of the
 * type instead). Answers the properties of one product by its id.
 */
export function useProductProperties(
  productIds: readonly number[],
  typeCode: DeviceType | undefined,
): PropertiesOf {
  const { http } = useCrud();
  const locale = useLocale();
  const distinct = useMemo(() => [...new Set(productIds)].sort((a, b) => a - b), [productIds]);
  const models = useQueries({
    queries: distinct.map((id) => ({
      queryKey: endpointKey(productEndpoints.model, { params: { id } }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.call(productEndpoints.model, { params: { id }, quiet: true, signal }),
      staleTime: 5 * 60_000,
    })),
  });
  const byProduct = new Map<number, Properties>();
  for (const model of models)
    if (model.data) byProduct.set(model.data.product.productId, propertiesOf(model.data.functions, locale));
  return (productId, ofType = typeCode) =>
    (productId !== undefined ? byProduct.get(productId) : undefined) ?? demoPropertiesOf(ofType, locale);
}

/**
 * A value as text: numbers rounded to two places with the unit (a span in seconds, such as a
 * gateway's uptime, as days and hours), switches by their labels.
 */
/** The unit of a span of seconds in the thing models. */
const SECONDS = 's';

export function formatValue(value: TelemetryValue | undefined, spec: ValueSpec | undefined): string {
  if (value === undefined) return '—';
  if (typeof value === 'number') {
    if (spec && (spec.type === 'int' || spec.type === 'float') && spec.unit === SECONDS)
      return formatDuration(value);
    const text = Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
    return spec && (spec.type === 'int' || spec.type === 'float') && spec.unit
      ? `${text} ${spec.unit}`
      : text;
  }
  if (typeof value === 'boolean') {
    if (spec?.type === 'bool') return (value ? spec.trueLabel : spec.falseLabel) || String(value);
    return String(value);
  }
  if (spec?.type === 'enum')
    return spec.values.find((choice) => String(choice.value) === value)?.label ?? value;
  return value;
}

const FLASH_ANIMATION = 'cityops-live-flash';

/** The keyframes of a changed value's highlight, once per page. */
export function LiveStyle() {
  const { token } = theme.useToken();
  return (
    <style>{`@keyframes ${FLASH_ANIMATION} { from { background: ${token.colorWarningBgHover}; } to { background: transparent; } }`}</style>
  );
}

/**
 * One live value: its text with the unit, briefly highlighted when a push changed it (`flashedAt`;
 * the highlight restarts with each change). `data-value` carries the raw value for tests and tools.
 */
export function LiveValue({
  identifier,
  value,
  property,
  flashedAt,
}: {
  identifier: string;
  value: TelemetryValue | undefined;
  property: PropertyInfo | undefined;
  flashedAt: number | undefined;
}) {
  const t = liveTexts.useTexts();
  const text = value === undefined ? t('noValue') : formatValue(value, property?.spec);
  const fresh = flashedAt !== undefined;
  return (
    <span
      key={flashedAt ?? 0}
      data-property={identifier}
      data-value={value === undefined ? '' : String(value)}
      data-flash={fresh ? 'on' : undefined}
      style={{
        padding: '2px 4px',
        borderRadius: 4,
        animation: fresh ? `${FLASH_ANIMATION} ${FLASH_MS}ms ease-out` : undefined,
      }}
    >
      {text}
    </span>
  );
}
