import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, Popover, Segmented, Slider, Tooltip, Typography } from 'antd';
import {
  AudioMutedOutlined,
  AudioOutlined,
  BorderOutlined,
  CameraOutlined,
  CaretRightOutlined,
  FastBackwardOutlined,
  FastForwardOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MutedOutlined,
  PauseOutlined,
  SoundOutlined,
  StepForwardOutlined,
  StopOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CAPTURE_FORMATS,
  RECORD_FORMATS,
  SPLIT_OPTIONS,
  type CaptureFormat,
  type RecordFormat,
  type Split,
} from '../constants.js';
import type { PlayMode } from '../playList.js';
import { rateLabel, type Rate } from '../rate.js';
import { PlaybackTimePicker } from '../PlaybackTimePicker.js';
import type { PlayState } from './playerState.js';

export interface Html5ToolbarProps {
  mode: PlayMode;
  split: Split;
  onSplit(split: Split): void;
  soundOn: boolean;
  onSound(): void;
  volume: number;
  onVolume(volume: number): void;
  onCapture(format: CaptureFormat): void;
  /** Null hides the microphone (no talk for this list). */
  talkOn: boolean | null;
  onTalk(): void;
  recording: RecordFormat | null;
  onRecord(format: RecordFormat): void;
  onRecordStop(): void;
  rate: Rate | null;
  onSlow(): void;
  onFast(): void;
  onStop(): void;
  onStopAll(): void;
  playState: PlayState;
  onPlayPause(): void;
  /** The locate picker: the selected window's time and its start day. */
  locate: { value: number | null; min: number; max: number } | null;
  onLocate(time: number): void;
  onFrameForward(): void;
  fullScreen: boolean;
  onFullScreen(): void;
}

/** A toolbar button: an icon with its label as tooltip and accessible name. */
export function Action({
  label,
  icon,
  onClick,
  active,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  active?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button type={active ? 'primary' : 'text'} aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/** The HTML5 player's toolbar (§2.5); every control acts on the selected window unless it says "all". */
export function Html5Toolbar(props: Html5ToolbarProps) {
  const { t } = useTranslation('ui');
  const playback = props.mode === 'playback';
  const playLabel = playback
    ? t(
        props.playState === 'playing'
          ? 'video.playbackPause'
          : props.playState === 'paused'
            ? 'video.playbackResume'
            : 'video.playbackStart',
      )
    : t(props.playState === 'playing' ? 'video.pause' : 'video.play');
  const captureLabels: Record<CaptureFormat, string> = {
    JPEG: t('video.captureJpeg'),
    BMP: t('video.captureBmp'),
  };
  const recordLabels: Record<RecordFormat, string> = { MP4: t('video.recordMp4'), PS: t('video.recordPs') };

  return (
    <Flex wrap align="center" gap={4} style={{ padding: '4px 8px' }}>
      <Segmented<Split>
        aria-label={t('video.split')}
        size="small"
        value={props.split}
        onChange={props.onSplit}
        options={SPLIT_OPTIONS.map((n) => ({ value: n, label: t('video.splitOption', { n }) }))}
      />
      <Action
        label={playLabel}
        icon={props.playState === 'playing' ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={props.onPlayPause}
      />
      <Action label={t('video.stop')} icon={<StopOutlined />} onClick={props.onStop} />
      <Action label={t('video.stopAll')} icon={<BorderOutlined />} onClick={props.onStopAll} />
      <Action
        label={props.soundOn ? t('video.soundOff') : t('video.soundOn')}
        icon={props.soundOn ? <SoundOutlined /> : <MutedOutlined />}
        onClick={props.onSound}
        active={props.soundOn}
      />
      <Popover
        trigger="click"
        content={
          <div style={{ height: 120, padding: '4px 0' }}>
            <Slider
              vertical
              min={0}
              max={100}
              value={props.volume}
              onChange={props.onVolume}
              ariaLabelForHandle={t('video.volume')}
            />
          </div>
        }
      >
        <Button type="text" aria-label={t('video.volume')}>
          {props.volume}
        </Button>
      </Popover>
      <Dropdown
        trigger={['click']}
        menu={{
          items: CAPTURE_FORMATS.map((format) => ({ key: format, label: captureLabels[format] })),
          onClick: ({ key }) => props.onCapture(key as CaptureFormat),
        }}
      >
        <Button type="text" aria-label={t('video.capture')} icon={<CameraOutlined />} />
      </Dropdown>
      {props.talkOn !== null && (
        <Action
          label={props.talkOn ? t('video.talkStop') : t('video.talkStart')}
          icon={props.talkOn ? <AudioOutlined /> : <AudioMutedOutlined />}
          onClick={props.onTalk}
          active={props.talkOn}
        />
      )}
      {props.recording ? (
        <Action
          label={t('video.recordStop')}
          icon={<VideoCameraOutlined />}
          onClick={props.onRecordStop}
          active
        />
      ) : (
        <Dropdown
          trigger={['click']}
          menu={{
            items: (Object.keys(RECORD_FORMATS) as RecordFormat[]).map((format) => ({
              key: format,
              label: recordLabels[format],
            })),
            onClick: ({ key }) => props.onRecord(key as RecordFormat),
          }}
        >
          <Button type="text" aria-label={t('video.recordStart')} icon={<VideoCameraAddOutlined />} />
        </Dropdown>
      )}
      {playback && (
        <>
          <Action label={t('video.slow')} icon={<FastBackwardOutlined />} onClick={props.onSlow} />
          <Typography.Text aria-label={t('video.rate')} style={{ minWidth: 36, textAlign: 'center' }}>
            {props.rate === null ? '' : rateLabel(props.rate)}
          </Typography.Text>
          <Action label={t('video.fast')} icon={<FastForwardOutlined />} onClick={props.onFast} />
          <Action
            label={t('video.frameForward')}
            icon={<StepForwardOutlined />}
            onClick={props.onFrameForward}
          />
          {props.locate && (
            <PlaybackTimePicker
              label={t('video.locate')}
              width={200}
              min={props.locate.min}
              max={props.locate.max}
              value={props.locate.value}
              onPick={props.onLocate}
            />
          )}
        </>
      )}
      <span style={{ flex: 1 }} />
      <Action
        label={props.fullScreen ? t('video.exitFullScreen') : t('video.fullScreen')}
        icon={props.fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={props.onFullScreen}
      />
    </Flex>
  );
}
