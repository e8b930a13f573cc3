import { Button, Card, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EVENT_LEVELS,
  FUNCTION_KINDS,
  FUNCTION_PARAMS_MAX,
  identifierSchema,
  NAME_EN_MAX,
  type EventLevel,
  type FunctionFields,
  type FunctionKind,
  type FunctionRow,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule, type FieldRefusals } from '@cityops/crud';
import { assetTexts } from '../assets/texts';
import { useCreateFunction, useUpdateFunction } from './queries';
import { NEW_SPEC, specOf, ValueSpecEditor, type SpecFields } from './ValueSpecEditor';

interface ParamFields {
  identifier: string;
  name: string;
  spec: SpecFields;
}

interface FormValues {
  kind: FunctionKind;
  identifier: string;
  name: string;
  nameEn: string;
  description: string;
  spec: SpecFields;
  writable: boolean;
  level: EventLevel;
  params: ParamFields[];
}

function initialValues(row: FunctionRow | null, kind: FunctionKind): Partial<FormValues> {
  const base = { spec: NEW_SPEC, writable: false, level: 'common' as const, params: [], description: '' };
  if (!row) return { ...base, kind };
  if (row.kind === 'property') return { ...base, ...row, spec: row.spec };
  return { ...base, ...row, params: row.params.map((param) => ({ ...param, spec: param.spec })) };
}

/** The function the contract takes: only the chosen kind's fields (its schemas are strict). */
export function functionOf(values: FormValues): FunctionFields {
  const common = {
    identifier: values.identifier,
    name: values.name,
    ...(values.nameEn?.trim() ? { nameEn: values.nameEn } : {}),
    description: values.description ?? '',
  };
  const params = (values.params ?? []).map((param) => ({
    identifier: param.identifier,
    name: param.name,
    spec: specOf(param.spec),
  }));
  switch (values.kind) {
    case 'property':
      return { kind: 'property', ...common, spec: specOf(values.spec), writable: values.writable ?? false };
    case 'service':
      return { kind: 'service', ...common, params };
    case 'event':
      return { kind: 'event', ...common, level: values.level, params };
  }
}

/** The server refusals shown under their field rather than only in the message bar. */
const FIELD_REFUSALS = {
  'function.identifierTaken': 'identifier',
  'thing.identifier': 'identifier',
  'thing.tooManyParams': 'params',
  'thing.rangeOrder': ['spec', 'max'],
} as const satisfies FieldRefusals;

/**
 * Add or edit a function of a product (功能管理): its identifier, name and kind; a property's value
 * type and whether it is writable; a service's or event's parameters (at most 100, §5), each with its
 * value type; an event's level. A refusal of the server (a taken identifier) shows on its field.
 */
export function FunctionFormDialog({
  productId,
  row,
  kind,
  onClose,
}: {
  productId: number;
  row: FunctionRow | null;
  /** A new function's kind (the tab it was added from). */
  kind: FunctionKind;
  onClose(): void;
}) {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreateFunction();
  const update = useUpdateFunction();
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });
  const identifierRules = [required(t('identifier')), zodRule(identifierSchema, t('identifier'))];

  const submit = (values: FormValues) => {
    const fields = functionOf(values);
    return row
      ? update.mutateAsync({ ...fields, functionId: row.functionId })
      : create.mutateAsync({ ...fields, productId });
  };

  return (
    <FormDialog<FormValues>
      open
      title={row ? t('editFunction') : t('addFunction')}
      initialValues={initialValues(row, kind)}
      successText={row ? crud('saved') : crud('created')}
      submit={submit}
      fieldRefusals={FIELD_REFUSALS}
      onClose={onClose}
      width={880}
    >
      {(form) => {
        return (
          <>
            <Form.Item name="kind" label={t('kind')}>
              <Radio.Group
                optionType="button"
                options={FUNCTION_KINDS.map((value) => ({ value, label: t(`kind_${value}`) }))}
              />
            </Form.Item>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
              <Form.Item name="identifier" label={t('identifier')} rules={identifierRules}>
                <Input showCount maxLength={50} />
              </Form.Item>
              <Form.Item name="name" label={t('functionName')} rules={[required(t('functionName'))]}>
                <Input showCount maxLength={30} />
              </Form.Item>
            </div>
            <Form.Item name="nameEn" label={t('nameEn')} extra={t('nameEnHint')}>
              <Input showCount maxLength={NAME_EN_MAX} />
            </Form.Item>
            <Form.Item noStyle dependencies={['kind']}>
              {() => {
                const chosen = form.getFieldValue('kind') as FunctionKind;
                if (chosen === 'property')
                  return (
                    <>
                      <Typography.Text strong>{t('valueSpec')}</Typography.Text>
                      <ValueSpecEditor path={['spec']} />
                      <Form.Item name="writable" label={t('writable')} valuePropName="checked">
                        <Switch checkedChildren={t('readWrite')} unCheckedChildren={t('readOnly')} />
                      </Form.Item>
                    </>
                  );
                return (
                  <>
                    {chosen === 'event' && (
                      <Form.Item name="level" label={t('level')} rules={[{ required: true }]}>
                        <Select
                          style={{ width: 160 }}
                          options={EVENT_LEVELS.map((level) => ({
                            value: level,
                            label: t(`level_${level}`),
                          }))}
                        />
                      </Form.Item>
                    )}
                    <Form.List name="params">
                      {(items, { add, remove }, { errors }) => (
                        <div role="group" aria-label={t('functionParams')}>
                          <Typography.Text strong>
                            {t('functionParamsLimit', { count: items.length, max: FUNCTION_PARAMS_MAX })}
                          </Typography.Text>
                          {items.map((item) => (
                            <Card
                              key={item.key}
                              size="small"
                              style={{ marginTop: 8 }}
                              extra={
                                <Button
                                  size="small"
                                  icon={<DeleteOutlined />}
                                  aria-label={t('removeParam')}
                                  onClick={() => remove(item.name)}
                                />
                              }
                            >
                              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
                                <Form.Item
                                  name={[item.name, 'identifier']}
                                  label={t('identifier')}
                                  rules={identifierRules}
                                >
                                  <Input showCount maxLength={50} />
                                </Form.Item>
                                <Form.Item
                                  name={[item.name, 'name']}
                                  label={t('paramName')}
                                  rules={[required(t('paramName'))]}
                                >
                                  <Input showCount maxLength={30} />
                                </Form.Item>
                              </div>
                              <ValueSpecEditor
                                path={[item.name, 'spec']}
                                absolute={['params', item.name, 'spec']}
                              />
                            </Card>
                          ))}
                          <Button
                            type="dashed"
                            icon={<PlusOutlined />}
                            disabled={items.length >= FUNCTION_PARAMS_MAX}
                            onClick={() => add({ identifier: '', name: '', spec: NEW_SPEC })}
                            style={{ marginTop: 8 }}
                          >
                            {t('addParam')}
                          </Button>
                          <Form.ErrorList errors={errors} />
                        </div>
                      )}
                    </Form.List>
                  </>
                );
              }}
            </Form.Item>
            <Form.Item name="description" label={t('description')}>
              <Input.TextArea maxLength={200} showCount rows={2} />
            </Form.Item>
          </>
        );
      }}
    </FormDialog>
  );
}
