import { Form, InputNumber } from 'antd';
import { parameterTexts } from '../texts';

interface WholeNumberItemProps {
  name: string;
  label: string;
  limits: { readonly min: number; readonly max: number };
  extra?: string;
}

/** A whole number within the contract's bounds, refused in words before anything is sent. */
export function WholeNumberItem({ name, label, limits, extra }: WholeNumberItemProps) {
  const t = parameterTexts.useTexts();
  const range = t('range', { label, min: limits.min, max: limits.max });
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[
        { required: true, message: t('required', { label }) },
        { type: 'integer', min: limits.min, max: limits.max, message: range },
      ]}
    >
      <InputNumber style={{ width: 200 }} />
    </Form.Item>
  );
}
