import { Form, Input, Radio, Select, type FormInstance } from 'antd';
import {
  checkLatitude,
  checkLongitude,
  COORDINATE_SYSTEMS,
  EXTRACT_FILE_PATTERN,
  MAP_PROVIDERS,
  PARAMETER_LIMITS,
  SECRET_MASK,
  type MapProvider,
  type SystemParameters,
  type TextKey,
} from '@cityops/contract';
import { i18n } from '@cityops/ui';
import { parameterTexts } from '../texts';
import { GroupForm } from './GroupForm';
import { WholeNumberItem } from './WholeNumberItem';

type MapValues = Omit<SystemParameters['map'], 'centerLng' | 'centerLat'> & {
  /** Typed text, so §5's decimal rules judge what the operator typed. */
  centerLng: string;
  centerLat: string;
};

/** A secret shows empty (the server never sends it back); left empty it keeps the stored one. */
const valuesOf = ({ map }: SystemParameters): MapValues => ({
  ...map,
  amapKey: '',
  amapSecurityCode: '',
  centerLng: String(map.centerLng),
  centerLat: String(map.centerLat),
});

const toBody = ({ amapKey, amapSecurityCode, centerLng, centerLat, ...map }: MapValues) => ({
  group: 'map' as const,
  ...map,
  tileUrl: map.tileUrl.trim(),
  extractFile: map.extractFile.trim(),
  ...(amapKey.trim() ? { amapKey: amapKey.trim() } : {}),
  ...(amapSecurityCode.trim() ? { amapSecurityCode: amapSecurityCode.trim() } : {}),
  centerLng: Number(centerLng),
  centerLat: Number(centerLat),
});

/** §5's coordinate rule, answered in the spec's words. */
const coordinateRule = (check: (value: string) => TextKey | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const key = check(value ?? '');
    if (key) throw new Error(i18n.t(`contract:${key}`));
  },
});

/** The map's source, its address or key, and where maps open. */
export function MapGroup({ parameters }: { parameters: SystemParameters }) {
  const t = parameterTexts.useTexts();
  const stored = {
    amapKey: parameters.map.amapKey === SECRET_MASK,
    amapSecurityCode: parameters.map.amapSecurityCode === SECRET_MASK,
  };
  return (
    <GroupForm title={t('map')} parameters={parameters} valuesOf={valuesOf} toBody={toBody}>
      {(form) => <MapFields form={form} stored={stored} />}
    </GroupForm>
  );
}

interface MapFieldsProps {
  form: FormInstance<MapValues>;
  stored: { amapKey: boolean; amapSecurityCode: boolean };
}

function MapFields({ form, stored }: MapFieldsProps) {
  const t = parameterTexts.useTexts();
  const provider = (Form.useWatch('provider', form) as MapProvider | undefined) ?? 'offline';
  const secret = (name: 'amapKey' | 'amapSecurityCode', required: boolean) => (
    <Form.Item
      name={name}
      label={t(name)}
      hidden={provider !== 'amap'}
      extra={stored[name] ? t('secretKept') : undefined}
      rules={
        required && provider === 'amap' && !stored[name]
          ? [{ required: true, whitespace: true, message: t('required', { label: t(name) }) }]
          : []
      }
    >
      <Input.Password autoComplete="new-password" placeholder={stored[name] ? SECRET_MASK : ''} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item name="provider" label={t('provider')} extra={t('mapHint')}>
        <Radio.Group options={MAP_PROVIDERS.map((name) => ({ value: name, label: t(`provider.${name}`) }))} />
      </Form.Item>
      <Form.Item
        name="tileUrl"
        label={t('tileUrl')}
        hidden={provider !== 'tiles'}
        extra={t('tileUrlHint')}
        rules={
          provider === 'tiles'
            ? [{ required: true, whitespace: true, message: t('required', { label: t('tileUrl') }) }]
            : []
        }
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="extractFile"
        label={t('extractFile')}
        hidden={provider !== 'extract'}
        extra={t('extractFileHint')}
        rules={
          provider === 'extract'
            ? [
                { required: true, whitespace: true, message: t('required', { label: t('extractFile') }) },
                { pattern: EXTRACT_FILE_PATTERN, message: i18n.t('contract:parameter.extractFileFormat') },
              ]
            : []
        }
      >
        <Input autoComplete="off" placeholder="shenzhen.pmtiles" />
      </Form.Item>
      <Form.Item name="tileCoordinates" label={t('tileCoordinates')} hidden={provider !== 'tiles'}>
        <Select
          style={{ width: 200 }}
          options={COORDINATE_SYSTEMS.map((name) => ({
            value: name,
            label: name === 'wgs84' ? 'WGS-84' : 'GCJ-02',
          }))}
        />
      </Form.Item>
      {secret('amapKey', true)}
      {secret('amapSecurityCode', false)}
      <Form.Item name="centerLng" label={t('centerLng')} rules={[coordinateRule(checkLongitude)]}>
        <Input autoComplete="off" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="centerLat" label={t('centerLat')} rules={[coordinateRule(checkLatitude)]}>
        <Input autoComplete="off" style={{ width: 200 }} />
      </Form.Item>
      <WholeNumberItem name="zoom" label={t('zoom')} limits={PARAMETER_LIMITS.zoom} />
    </>
  );
}
