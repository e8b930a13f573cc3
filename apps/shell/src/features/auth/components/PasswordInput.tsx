import { useState } from 'react';
import { Button, Input, type InputProps } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A password input with a show/hide button. antd's own toggle is an icon without a name; this one
 * is a real button a screen reader (and a test) can find by 显示密码 / 隐藏密码.
 */
export function PasswordInput(props: Omit<InputProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <Button
          type="text"
          size="small"
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={visible}
          icon={visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          // Keep the focus in the input: moving it would validate an untouched password on blur.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
