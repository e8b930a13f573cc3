import { Flex, Switch, Typography } from 'antd';
import { showMessage } from '@cityops/ui';
import { askNotificationPermission, playAlarmSound, unlockSound } from './alerts';
import { useAlertSettings } from './alertSettings';
import { messageCentreTexts } from './texts';

function Option({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <Flex justify="space-between" align="center" gap={16}>
      <Flex vertical>
        <Typography.Text>{label}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </Flex>
      <Switch aria-label={label} checked={checked} onChange={onChange} />
    </Flex>
  );
}

/** The user's two message alerts; permission for notifications is asked only when switched on. */
export function AlertSettingsPanel() {
  const t = messageCentreTexts.useTexts();
  const settings = useAlertSettings((state) => state.settings);
  const change = useAlertSettings((state) => state.change);

  async function switchBrowser(on: boolean) {
    if (!on) return change({ browser: false });
    const answer = await askNotificationPermission();
    if (answer === 'granted') change({ browser: true });
    else showMessage('WARN', t(answer === 'denied' ? 'notificationsDenied' : 'notificationsUnsupported'));
  }

  function switchSound(on: boolean) {
    if (on) {
      // The switch's click is the gesture that lets the page play sound; the user hears what it is.
      unlockSound();
      playAlarmSound();
    }
    change({ sound: on });
  }

  return (
    <Flex vertical gap={12} style={{ width: 300 }}>
      <Option
        label={t('browserNotifications')}
        hint={t('browserNotificationsHint')}
        checked={settings.browser}
        onChange={(on) => void switchBrowser(on)}
      />
      <Option
        label={t('alarmSound')}
        hint={t('alarmSoundHint')}
        checked={settings.sound}
        onChange={switchSound}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('settingsStored')}
      </Typography.Text>
    </Flex>
  );
}
