import { useRef } from 'react';
import { Alert, Flex, Form, Input, Tag, Tooltip, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  MESSAGE_EVENTS,
  renderTemplate,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_TITLE_MAX,
  unknownVariables,
  updateMessageTemplateSchema,
  type MessageEventKind,
  type MessageTemplate,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { currentLocale, i18n, listText, useLocale } from '@cityops/ui';
import { useUpdateTemplate } from '../queries';
import { eventKey, templateTexts, variableKey } from '../texts';

interface Values {
  title: string;
  content: string;
}
type Field = keyof Values;

/** The server's refusal, before asking it: a variable the event does not supply. */
const knownVariablesRule = (kind: MessageEventKind): Rule => ({
  validator: async (_, text: string | undefined) => {
    const unknown = unknownVariables(kind, text ?? '');
    if (unknown.length > 0)
      throw new Error(
        i18n.t('contract:messageTemplate.unknownVariable', { names: listText(unknown, currentLocale()) }),
      );
  },
});

/** The title and content rendered with the event's sample values, and what cannot be saved. */
function Preview({ form, kind }: { form: FormInstance<Values>; kind: MessageEventKind }) {
  const t = templateTexts.useTexts();
  const locale = useLocale();
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const samples = MESSAGE_EVENTS[kind].variables;
  const unknown = unknownVariables(kind, `${title}\n${content}`);
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('preview')}</Typography.Text>
      <div
        aria-label={t('preview')}
        role="region"
        style={{ padding: 12, border: '1px dashed var(--ant-color-border)', borderRadius: 6 }}
      >
        <Typography.Text strong>{renderTemplate(title, samples)}</Typography.Text>
        <Typography.Paragraph style={{ margin: '4px 0 0' }}>
          {renderTemplate(content, samples)}
        </Typography.Paragraph>
      </div>
      {unknown.length > 0 && (
        <Alert type="error" showIcon message={t('unknown', { names: listText(unknown, locale) })} />
      )}
    </Flex>
  );
}

/**
 * Edits one event's template: the title and content, the event's variables as chips that insert
 * `{name}` where the cursor was, and a live preview with the sample values.
 */
export function TemplateFormDialog({ template, onClose }: { template: MessageTemplate; onClose(): void }) {
  const t = templateTexts.useTexts();
  const crud = crudTexts.useTexts();
  const update = useUpdateTemplate();
  const kind = template.eventKind;
  const samples: Readonly<Record<string, string>> = MESSAGE_EVENTS[kind].variables;
  const variables = Object.keys(samples);
  // Where a chip inserts: the field last in focus, at its cursor (the content's end at first).
  const cursor = useRef<{ field: Field; start: number; end: number } | null>(null);
  const remember = (field: Field) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const { selectionStart, selectionEnd, value } = event.currentTarget;
    cursor.current = { field, start: selectionStart ?? value.length, end: selectionEnd ?? value.length };
  };
  const insert = (form: FormInstance<Values>, name: string) => {
    const field = cursor.current?.field ?? 'content';
    const value = String(form.getFieldValue(field) ?? '');
    const start = Math.min(cursor.current?.start ?? value.length, value.length);
    const end = Math.min(cursor.current?.end ?? value.length, value.length);
    const token = `{${name}}`;
    form.setFieldValue(field, `${value.slice(0, start)}${token}${value.slice(end)}`);
    cursor.current = { field, start: start + token.length, end: start + token.length };
    void form.validateFields([field]).catch(() => undefined);
  };

  return (
    <FormDialog<Values>
      open
      title={t('editTitle', { name: t(eventKey(kind)) })}
      initialValues={{ title: template.title, content: template.content }}
      submit={(values) => update.mutateAsync({ eventKind: kind, ...values })}
      successText={crud('saved')}
      onClose={onClose}
      width={680}
    >
      {(form) => (
        <>
          <Form.Item
            name="title"
            label={t('title')}
            rules={[
              { required: true, whitespace: true, message: t('required', { field: t('title') }) },
              zodRule(updateMessageTemplateSchema.shape.title, t('title')),
              knownVariablesRule(kind),
            ]}
          >
            <Input
              maxLength={TEMPLATE_TITLE_MAX}
              showCount
              onSelect={remember('title')}
              onFocus={remember('title')}
            />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('content')}
            rules={[
              { required: true, whitespace: true, message: t('required', { field: t('content') }) },
              zodRule(updateMessageTemplateSchema.shape.content, t('content')),
              knownVariablesRule(kind),
            ]}
          >
            <Input.TextArea
              rows={4}
              maxLength={TEMPLATE_CONTENT_MAX}
              showCount
              onSelect={remember('content')}
              onFocus={remember('content')}
            />
          </Form.Item>
          <Form.Item label={t('variables')} extra={t('variablesHint')}>
            <Flex wrap gap={6}>
              {variables.map((name) => (
                <Tooltip key={name} title={samples[name]}>
                  <Tag.CheckableTag checked={false} onChange={() => insert(form, name)}>
                    {`{${name}}`} {t(variableKey(name))}
                  </Tag.CheckableTag>
                </Tooltip>
              ))}
            </Flex>
          </Form.Item>
          <Preview form={form} kind={kind} />
        </>
      )}
    </FormDialog>
  );
}
