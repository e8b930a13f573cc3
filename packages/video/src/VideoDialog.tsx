import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HikVideoSource, IccVideoSource, VideoDevice } from './adapters.js';
import { PLATFORM_ICC } from './constants.js';
import { Html5Player } from './html5/Html5Player.js';
import { IccPlayer } from './icc/IccPlayer.js';
import { videoDialogTitle } from './videoDialogTitle.js';

export interface VideoDialogProps {
  open: boolean;
  onClose(): void;
  /** The cameras to play; their platform is the first one's `deviceDto.accessWay`. Keep the same array. */
  devices: readonly VideoDevice[];
  mode: 'live' | 'playback';
  /** A title of the caller's; else the first device's name (§2.4). */
  title?: string;
  hikSource: HikVideoSource;
  iccSource: IccVideoSource;
}

/**
 * The video dialog (video-talk-alarm-header.md §2.4): the platform's player for the given cameras. It
 * closes itself when the only device's play finishes; with several, the operator closes it.
 */
export function VideoDialog({ open, onClose, devices, mode, title, hikSource, iccSource }: VideoDialogProps) {
  const { t } = useTranslation('ui');
  const onPlayOver = () => {
    if (devices.length === 1) onClose();
  };
  const icc = devices[0]?.deviceDto?.accessWay === PLATFORM_ICC;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1200px, 96vw)"
      destroyOnHidden
      title={videoDialogTitle(t, devices, title)}
      styles={{ body: { height: 'min(680px, 75vh)' } }}
    >
      {open &&
        (icc ? (
          <IccPlayer mode={mode} devices={devices} source={iccSource} onPlayOver={onPlayOver} />
        ) : (
          <Html5Player mode={mode} devices={devices} source={hikSource} onPlayOver={onPlayOver} />
        ))}
    </Modal>
  );
}
