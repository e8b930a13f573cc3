import { useEffect, useRef, useState, type ReactNode } from 'react';
import { theme } from 'antd';
import type { PlayerErrorCode } from '../errors.js';
import type { StreamFactory, StreamHandle } from '../stream.js';
import { videoSurface } from './videoSurface.js';

export interface VideoWindowProps {
  index: number;
  /** The stream to show; null shows an empty window. */
  url: string | null;
  /** A new value opens a new session of the same URL (a restart). */
  session: number;
  live: boolean;
  paused: boolean;
  muted: boolean;
  /** 0-100. */
  volume: number;
  selected: boolean;
  label: string;
  emptyText: string;
  streamFactory: StreamFactory;
  onSelect(index: number): void;
  onError(index: number, code: PlayerErrorCode): void;
  onEnded?(index: number): void;
  /** Hands the `<video>` to the player for capture, recording, frame steps and the position. */
  registerVideo(index: number, video: HTMLVideoElement | null): void;
  children?: ReactNode;
}

/** One window of a player: a `<video>` with its stream, selected by a click. */
export function VideoWindow(props: VideoWindowProps) {
  const { index, url, session, live, paused, muted, volume, streamFactory, registerVideo } = props;
  const { token } = theme.useToken();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<StreamHandle | null>(null);
  const [error, setError] = useState<PlayerErrorCode | null>(null);
  // The latest callbacks, read by the stream's events without reopening the stream when they change.
  const events = useRef({ onError: props.onError, onEnded: props.onEnded });
  useEffect(() => {
    events.current = { onError: props.onError, onEnded: props.onEnded };
  });

  useEffect(() => streamFactory.preload?.(), [streamFactory]);

  useEffect(() => {
    registerVideo(index, videoRef.current);
    return () => registerVideo(index, null);
  }, [index, registerVideo]);

  useEffect(() => {
    const video = videoRef.current;
    if (!url || !video) return;
    setError(null);
    const handle = streamFactory({
      url,
      video,
      live,
      onError: (code) => {
        setError(code);
        events.current.onError(index, code);
      },
      onEnded: () => events.current.onEnded?.(index),
    });
    streamRef.current = handle;
    return () => {
      handle.destroy();
      streamRef.current = null;
      // An emptied element drops its last frame, so a stopped window goes black.
      video.removeAttribute('src');
      video.load();
    };
  }, [url, session, live, index, streamFactory]);

  useEffect(() => {
    if (paused) streamRef.current?.pause();
    else streamRef.current?.play();
  }, [paused, url, session]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = muted;
    video.volume = volume / 100;
  }, [muted, volume]);

  return (
    <div
      role="gridcell"
      aria-label={props.label}
      aria-selected={props.selected}
      data-playing={url ? 'true' : 'false'}
      onClick={() => props.onSelect(index)}
      style={{
        position: 'relative',
        background: videoSurface.colorBgLayout,
        minHeight: 0,
        minWidth: 0,
        outline: props.selected
          ? `2px solid ${token.colorPrimary}`
          : `1px solid ${token.colorBorderSecondary}`,
        outlineOffset: -2,
        overflow: 'hidden',
      }}
    >
      <video
        ref={videoRef}
        muted
        playsInline
        style={{ width: '100%', height: '100%', objectFit: 'fill', display: 'block' }}
      />
      {!url && (
        <span
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            color: videoSurface.colorTextSecondary,
          }}
        >
          {error ? `[${error}]` : props.emptyText}
        </span>
      )}
      {url && props.label && (
        <span
          style={{
            position: 'absolute',
            left: 4,
            top: 4,
            padding: '0 4px',
            borderRadius: videoSurface.borderRadiusSM,
            // On a mask, so the name stays readable over a bright picture.
            background: videoSurface.colorBgMask,
            color: videoSurface.colorText,
            fontSize: 12,
          }}
        >
          {props.label}
        </span>
      )}
      {props.children}
    </div>
  );
}
