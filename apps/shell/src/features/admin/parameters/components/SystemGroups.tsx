import { Checkbox, Form, Switch } from 'antd';
import {
  PARAMETER_LIMITS,
  PASSWORD_CLASSES,
  type ParameterGroup,
  type PasswordClass,
  type SystemParameters,
  type UpdateParameters,
} from '@cityops/contract';
import { parameterTexts } from '../texts';
import { GroupForm } from './GroupForm';
import { MapGroup } from './MapGroup';
import { WholeNumberItem } from './WholeNumberItem';

type Props = { parameters: SystemParameters };

/** The groups that are whole numbers only, each field with its hint. */
const NUMBER_FIELDS = {
  session: [{ name: 'idleMinutes', hint: 'idleMinutesHint' }],
  tabs: [{ name: 'maxTabs', hint: 'maxTabsHint' }],
  signInLock: [{ name: 'maxFailures', hint: 'maxFailuresHint' }, { name: 'lockMinutes' }],
} as const;
type NumberGroupName = keyof typeof NUMBER_FIELDS;

function NumberGroup({ parameters, group }: Props & { group: NumberGroupName }) {
  const t = parameterTexts.useTexts();
  return (
    <GroupForm
      title={t(group)}
      parameters={parameters}
      valuesOf={(p) => p[group]}
      // The form holds exactly this group's fields (the contract checks them again on the server).
      toBody={(values) => ({ group, ...values }) as UpdateParameters}
    >
      {() =>
        NUMBER_FIELDS[group].map((field) => (
          <WholeNumberItem
            key={field.name}
            name={field.name}
            label={t(field.name)}
            limits={PARAMETER_LIMITS[field.name]}
            extra={'hint' in field ? t(field.hint) : undefined}
          />
        ))
      }
    </GroupForm>
  );
}

const classKey = (name: PasswordClass) => `class.${name}` as const;

function PasswordGroup({ parameters }: Props) {
  const t = parameterTexts.useTexts();
  return (
    <GroupForm
      title={t('password')}
      parameters={parameters}
      valuesOf={(p) => p.password}
      toBody={(values) => ({ group: 'password', ...values })}
    >
      {() => (
        <>
          <WholeNumberItem
            name="minLength"
            label={t('minLength')}
            limits={PARAMETER_LIMITS.minLength}
            extra={t('minLengthHint')}
          />
          <Form.Item name="requiredClasses" label={t('requiredClasses')}>
            <Checkbox.Group
              options={PASSWORD_CLASSES.map((name) => ({ value: name, label: t(classKey(name)) }))}
            />
          </Form.Item>
          <Form.Item name="mustChangeFirst" label={t('mustChangeFirst')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </GroupForm>
  );
}

/** One group's form, saved on its own. */
export function SystemGroup({ parameters, group }: Props & { group: ParameterGroup }) {
  if (group === 'password') return <PasswordGroup parameters={parameters} />;
  if (group === 'map') return <MapGroup parameters={parameters} />;
  return <NumberGroup parameters={parameters} group={group} />;
}
