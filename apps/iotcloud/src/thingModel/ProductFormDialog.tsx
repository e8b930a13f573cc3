import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  NAME_EN_MAX,
  PRODUCT_PARAMS_MAX,
  productFieldsShape,
  productParamSchema,
  type DeviceType,
  type ProductRow,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { TypeSelect } from '../assets/shared';
import { assetTexts } from '../assets/texts';
import { useCreateProduct, useUpdateProduct } from './queries';

interface ProductParam {
  key: string;
  name: string;
  value: string;
}

interface FormValues {
  productKey: string;
  name: string;
  nameEn: string;
  typeCode: DeviceType;
  vendor: string;
  model: string;
  description: string;
  offlineAfterSeconds: number;
  params: ProductParam[];
}

const field = productFieldsShape;
const param = productParamSchema.shape;

const initialValues = (product: ProductRow | null): Partial<FormValues> =>
  product ? { ...product } : { offlineAfterSeconds: 300, params: [], vendor: '', model: '', description: '' };

/**
 * Add or edit a product (产品管理): its key, name, §9 device type, vendor, model, description, the
 * seconds after which a silent device counts as offline, and its parameters (at most 50, §5).
 */
export function ProductFormDialog({ product, onClose }: { product: ProductRow | null; onClose(): void }) {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });

  const submit = (values: FormValues) => {
    const fields = {
      productKey: values.productKey,
      name: values.name,
      nameEn: values.nameEn ?? '',
      typeCode: values.typeCode,
      vendor: values.vendor ?? '',
      model: values.model ?? '',
      description: values.description ?? '',
      offlineAfterSeconds: values.offlineAfterSeconds,
      params: (values.params ?? []).map((item) => ({
        key: item.key,
        name: item.name,
        value: item.value ?? '',
      })),
    };
    return product
      ? update.mutateAsync({ ...fields, productId: product.productId })
      : create.mutateAsync(fields);
  };

  return (
    <FormDialog<FormValues>
      open
      title={product ? t('editProduct') : t('addProduct')}
      initialValues={initialValues(product)}
      successText={product ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
      width={860}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="productKey"
          label={t('productKey')}
          rules={[required(t('productKey')), zodRule(field.productKey, t('productKey'))]}
        >
          <Input showCount maxLength={32} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('productName')}
          rules={[required(t('productName')), zodRule(field.name, t('productName'))]}
        >
          <Input showCount maxLength={30} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('nameEn')}
          extra={t('nameEnHint')}
          rules={[zodRule(field.nameEn, t('nameEn'))]}
        >
          <Input showCount maxLength={NAME_EN_MAX} />
        </Form.Item>
        <Form.Item
          name="typeCode"
          label={t('type')}
          rules={[{ required: true, message: t('choose', { field: t('type') }) }]}
        >
          <TypeSelect />
        </Form.Item>
        <Form.Item
          name="offlineAfterSeconds"
          label={t('offlineAfterSeconds')}
          extra={t('offlineHint')}
          rules={[
            { required: true, message: t('required', { field: t('offlineAfterSeconds') }) },
            zodRule(field.offlineAfterSeconds, t('offlineAfterSeconds')),
          ]}
        >
          <InputNumber min={10} max={86_400} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="vendor" label={t('vendor')} rules={[zodRule(field.vendor, t('vendor'))]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="model" label={t('model')} rules={[zodRule(field.model, t('model'))]}>
          <Input showCount maxLength={50} />
        </Form.Item>
      </div>
      <Form.Item
        name="description"
        label={t('description')}
        rules={[zodRule(field.description, t('description'))]}
      >
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
      <Form.List name="params">
        {(items, { add, remove }) => (
          <div role="group" aria-label={t('params')}>
            <Typography.Text strong>
              {t('paramsLimit', { count: items.length, max: PRODUCT_PARAMS_MAX })}
            </Typography.Text>
            {items.map((item) => (
              <Space key={item.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                <Form.Item
                  name={[item.name, 'key']}
                  rules={[required(t('paramKey')), zodRule(param.key, t('paramKey'))]}
                >
                  <Input showCount placeholder={t('paramKey')} aria-label={t('paramKey')} maxLength={50} />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'name']}
                  rules={[required(t('paramName')), zodRule(param.name, t('paramName'))]}
                >
                  <Input showCount placeholder={t('paramName')} aria-label={t('paramName')} maxLength={30} />
                </Form.Item>
                <Form.Item name={[item.name, 'value']} rules={[zodRule(param.value, t('paramValue'))]}>
                  <Input
                    showCount
                    placeholder={t('paramValue')}
                    aria-label={t('paramValue')}
                    maxLength={200}
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
              disabled={items.length >= PRODUCT_PARAMS_MAX}
              onClick={() => add({ key: '', name: '', value: '' })}
              style={{ marginTop: 8 }}
            >
              {t('addParam')}
            </Button>
          </div>
        )}
      </Form.List>
    </FormDialog>
  );
}
