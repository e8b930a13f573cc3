import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATA_TYPES, FUNCTION_PARAMS_MAX, type DataType, type ValueSpec } from '@cityops/contract';
import { contractText, useLocale } from '../assets/shared';
import { assetTexts } from '../assets/texts';

/** A value's type as the form holds it: every type's fields side by side, the chosen one sent. */
export interface SpecFields {
  type: DataType;
  min?: number | null;
  max?: number | null;
  unit?: string;
  trueLabel?: string;
  falseLabel?: string;
  values?: { value: number | null; label: string }[];
  maxLength?: number | null;
}

export const NEW_SPEC: SpecFields = { type: 'int', min: 0, max: 100, unit: '' };

/** The spec the contract takes: only the chosen type's fields (its schemas are strict). */
export function specOf(fields: SpecFields): ValueSpec {
  switch (fields.type) {
    case 'int':
    case 'float':
      return { type: fields.type, min: fields.min ?? 0, max: fields.max ?? 0, unit: fields.unit ?? '' };
    case 'bool':
      return { type: 'bool', trueLabel: fields.trueLabel ?? '', falseLabel: fields.falseLabel ?? '' };
    case 'enum':
      return {
        type: 'enum',
        values: (fields.values ?? []).map((choice) => ({ value: choice.value ?? 0, label: choice.label })),
      };
    case 'text':
      return { type: 'text', maxLength: fields.maxLength ?? 1 };
  }
}

type Path = (string | number)[];

/**
 * The editor of one value's type at `path` of the form: integers and floats with min, max and unit,
 * a boolean's two labels, an enumeration's choices, a text's maximum length. Inside a Form.List the
 * fields' names are relative to the list's item (`path`) and reads need the whole path (`absolute`).
 */
export function ValueSpecEditor({ path, absolute = path }: { path: Path; absolute?: Path }) {
  const t = assetTexts.useTexts();
  const form = Form.useFormInstance();
  const locale = useLocale();
  const at = (name: string | number) => [...path, name];
  const whole = (name: string) => [...absolute, name];
  const required = (label: string) => ({ required: true, message: t('required', { field: label }) });
  return (
    <div>
      <Form.Item name={at('type')} label={t('dataType')} rules={[required(t('dataType'))]}>
        <Select
          style={{ width: 160 }}
          options={DATA_TYPES.map((type) => ({ value: type, label: t(`dataType_${type}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[whole('type')]}>
        {() => {
          const type = form.getFieldValue(whole('type')) as DataType | undefined;
          if (type === 'int' || type === 'float')
            return (
              <Space align="start" wrap>
                <Form.Item name={at('min')} label={t('min')} rules={[required(t('min'))]}>
                  <InputNumber precision={type === 'int' ? 0 : undefined} />
                </Form.Item>
                <Form.Item
                  name={at('max')}
                  label={t('max')}
                  dependencies={[whole('min')]}
                  rules={[
                    required(t('max')),
                    {
                      validator: async (_, max: number | null) => {
                        const min = form.getFieldValue(whole('min')) as number | null;
                        if (typeof min === 'number' && typeof max === 'number' && max < min)
                          throw new Error(contractText('thing.rangeOrder', locale));
                      },
                    },
                  ]}
                >
                  <InputNumber precision={type === 'int' ? 0 : undefined} />
                </Form.Item>
                <Form.Item name={at('unit')} label={t('unit')}>
                  <Input maxLength={20} style={{ width: 100 }} />
                </Form.Item>
              </Space>
            );
          if (type === 'bool')
            return (
              <Space align="start" wrap>
                <Form.Item name={at('trueLabel')} label={t('trueLabel')}>
                  <Input maxLength={20} />
                </Form.Item>
                <Form.Item name={at('falseLabel')} label={t('falseLabel')}>
                  <Input maxLength={20} />
                </Form.Item>
              </Space>
            );
          if (type === 'enum')
            return (
              <Form.List
                name={at('values')}
                rules={[
                  {
                    validator: async (_, values: unknown[] | undefined) => {
                      if (!values || values.length === 0)
                        throw new Error(t('required', { field: t('choices') }));
                    },
                  },
                ]}
              >
                {(items, { add, remove }, { errors }) => (
                  <div role="group" aria-label={t('choices')}>
                    {items.map((item) => (
                      <Space key={item.key} align="start" style={{ display: 'flex' }}>
                        <Form.Item name={[item.name, 'value']} rules={[required(t('choiceValue'))]}>
                          <InputNumber
                            precision={0}
                            placeholder={t('choiceValue')}
                            aria-label={t('choiceValue')}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[item.name, 'label']}
                          rules={[{ ...required(t('choiceLabel')), whitespace: true }]}
                        >
                          <Input
                            maxLength={30}
                            placeholder={t('choiceLabel')}
                            aria-label={t('choiceLabel')}
                          />
                        </Form.Item>
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('removeParam')}
                          onClick={() => remove(item.name)}
                        />
                      </Space>
                    ))}
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      disabled={items.length >= FUNCTION_PARAMS_MAX}
                      onClick={() => add({ value: items.length, label: '' })}
                    >
                      {t('addChoice')}
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </div>
                )}
              </Form.List>
            );
          if (type === 'text')
            return (
              <Form.Item name={at('maxLength')} label={t('maxLength')} rules={[required(t('maxLength'))]}>
                <InputNumber min={1} max={20480} precision={0} />
              </Form.Item>
            );
          return null;
        }}
      </Form.Item>
    </div>
  );
}
