import type { ReactNode } from 'react';
import { Button, Card, Form, type FormInstance } from 'antd';
import { PARAMETER_BUTTONS, type SystemParameters, type UpdateParameters } from '@cityops/contract';
import { showMessage, useCan } from '@cityops/ui';
import { useUpdateParameters } from '../queries';
import { parameterTexts } from '../texts';

export interface GroupFormProps<V extends object> {
  title: string;
  parameters: SystemParameters;
  /** The form's values from the parameters in force. */
  valuesOf: (parameters: SystemParameters) => V;
  /** The save's body from the form's values. */
  toBody: (values: V) => UpdateParameters;
  children: (form: FormInstance<V>) => ReactNode;
}

/**
 * One group of parameters: its form, saved on its own. A refusal leaves what was typed in place (the
 * HTTP client shows the server's reason); a success shows the values the server now holds.
 */
export function GroupForm<V extends object>({
  title,
  parameters,
  valuesOf,
  toBody,
  children,
}: GroupFormProps<V>) {
  const t = parameterTexts.useTexts();
  const [form] = Form.useForm<V>();
  const update = useUpdateParameters();
  const mayEdit = useCan(PARAMETER_BUTTONS.edit);

  const save = (values: V) =>
    update.mutate(toBody(values), {
      onSuccess: (saved) => {
        form.setFieldsValue(valuesOf(saved) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
        showMessage('SUCCESS', t('saved', { name: title }));
      },
    });

  return (
    <Card title={title} size="small">
      <Form
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={valuesOf(parameters)}
        onFinish={save}
        disabled={!mayEdit}
      >
        {children(form)}
        {mayEdit && (
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
