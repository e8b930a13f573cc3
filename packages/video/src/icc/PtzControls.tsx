import { useRef, type ReactNode } from 'react';
import { Button, Flex, Slider, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  MinusOutlined,
  PauseOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PtzAction } from '../adapters.js';
import { PTZ_SPEED_MAX, PTZ_SPEED_MIN } from '../constants.js';

type Send = (action: PtzAction, command: 0 | 1) => void;

/** A button that starts a movement while pressed and stops it on release (or when the pointer leaves). */
function PressButton({
  action,
  label,
  icon,
  send,
  shape,
}: {
  action: PtzAction;
  label: string;
  icon: ReactNode;
  send: Send;
  shape?: 'circle';
}) {
  const pressed = useRef(false);
  const release = () => {
    if (!pressed.current) return;
    pressed.current = false;
    send(action, 0);
  };
  return (
    <Button
      aria-label={label}
      title={label}
      icon={icon}
      shape={shape}
      onMouseDown={() => {
        pressed.current = true;
        send(action, 1);
      }}
      onMouseUp={release}
      onMouseLeave={release}
    />
  );
}

const diagonal = (rotate: number) => <ArrowUpOutlined style={{ transform: `rotate(${rotate}deg)` }} />;

/** The eight-direction wheel with its stop button, in compass order. */
const WHEEL: (readonly [PtzAction, ReactNode] | null)[] = [
  ['LEFT_UP', diagonal(-45)],
  ['UP', <ArrowUpOutlined key="up" />],
  ['RIGHT_UP', diagonal(45)],
  ['LEFT', <ArrowLeftOutlined key="left" />],
  null,
  ['RIGHT', <ArrowRightOutlined key="right" />],
  ['LEFT_DOWN', diagonal(-135)],
  ['DOWN', <ArrowDownOutlined key="down" />],
  ['RIGHT_DOWN', diagonal(135)],
];

type LensKey =
  | 'video.zoomIn'
  | 'video.zoomOut'
  | 'video.focusNear'
  | 'video.focusFar'
  | 'video.irisEnlarge'
  | 'video.irisReduce';

/** Zoom, focus and iris: each a minus and a plus button around its name. */
const LENS: readonly {
  label: 'video.zoom' | 'video.focus' | 'video.iris';
  minus: readonly [PtzAction, LensKey];
  plus: readonly [PtzAction, LensKey];
}[] = [
  { label: 'video.zoom', minus: ['ZOOM_OUT', 'video.zoomOut'], plus: ['ZOOM_IN', 'video.zoomIn'] },
  { label: 'video.focus', minus: ['FOCUS_FAR', 'video.focusFar'], plus: ['FOCUS_NEAR', 'video.focusNear'] },
  {
    label: 'video.iris',
    minus: ['IRIS_REDUCE', 'video.irisReduce'],
    plus: ['IRIS_ENLARGE', 'video.irisEnlarge'],
  },
];

export interface PtzControlsProps {
  speed: number;
  onSpeed(speed: number): void;
  send: Send;
  /** The last direction pressed, which the stop button stops. */
  onStop(): void;
}

/** Direction wheel, lens buttons (press to start, release to stop) and the speed slider (§2.6). */
export function PtzControls({ speed, onSpeed, send, onStop }: PtzControlsProps) {
  const { t } = useTranslation('ui');
  return (
    <Flex vertical gap={12}>
      <div
        style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 40px)', gap: 6, justifyContent: 'center' }}
      >
        {WHEEL.map((cell) =>
          cell ? (
            <PressButton
              key={cell[0]}
              action={cell[0]}
              label={t(`video.direction.${cell[0] as 'UP'}`)}
              icon={cell[1]}
              send={send}
              shape="circle"
            />
          ) : (
            <Button
              key="stop"
              aria-label={t('video.ptzStop')}
              title={t('video.ptzStop')}
              shape="circle"
              icon={<PauseOutlined />}
              onClick={onStop}
            />
          ),
        )}
      </div>
      {LENS.map((row) => (
        <Flex key={row.label} align="center" justify="space-between">
          <PressButton action={row.minus[0]} label={t(row.minus[1])} icon={<MinusOutlined />} send={send} />
          <Typography.Text>{t(row.label)}</Typography.Text>
          <PressButton action={row.plus[0]} label={t(row.plus[1])} icon={<PlusOutlined />} send={send} />
        </Flex>
      ))}
      <Flex align="center" gap={8}>
        <Typography.Text>{t('video.speed')}</Typography.Text>
        <Slider
          style={{ flex: 1 }}
          min={PTZ_SPEED_MIN}
          max={PTZ_SPEED_MAX}
          step={1}
          value={speed}
          onChange={onSpeed}
          ariaLabelForHandle={t('video.speed')}
        />
      </Flex>
    </Flex>
  );
}
