import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIMELINE_HOVER_THROTTLE_MS } from '../constants.js';
import { formatClock } from '../time.js';
import { fractionOf, hourLabels, labelStep, segmentSpans, throttle, timeAt } from '../timeline.js';

export interface TimelineProps {
  /** 00:00 of the day shown. */
  dayStart: number;
  /** The current playback position; null before playback. */
  position: number | null;
  segments: readonly { begin: number; end: number }[];
  /** A click asks for this time (the caller applies §5's range rule and the 请先开始回放 check). */
  onPick(time: number): void;
}

function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    // The observer reports the first size on its own as soon as it observes.
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** The 24-hour playback timeline (§2.5): hour labels by width, recorded segments, position and hover markers. */
export function Timeline({ dayStart, position, segments, onPick }: TimelineProps) {
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const measured = useWidth(element);
  // jsdom and a hidden tab measure 0: fall back to the window's width, which the rule also reads well.
  const width = measured || (typeof window === 'undefined' ? 1920 : window.innerWidth);
  const labels = useMemo(() => hourLabels(labelStep(width)), [width]);
  const [hover, setHover] = useState<number | null>(null);
  const updateHover = useMemo(
    () => throttle((time: number | null) => setHover(time), TIMELINE_HOVER_THROTTLE_MS),
    [],
  );
  useEffect(() => () => updateHover.cancel(), [updateHover]);

  const timeOfEvent = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return timeAt(rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0, dayStart);
  };
  const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

  return (
    <div
      ref={setElement}
      role="slider"
      aria-label={t('video.timeline')}
      aria-valuemin={0}
      aria-valuemax={86_400}
      aria-valuenow={position === null ? 0 : Math.round(fractionOf(position, dayStart) * 86_400)}
      aria-valuetext={position === null ? '' : formatClock(position)}
      tabIndex={0}
      onClick={(event) => onPick(timeOfEvent(event))}
      onMouseMove={(event) => updateHover(timeOfEvent(event))}
      onMouseLeave={() => updateHover(null)}
      style={{
        position: 'relative',
        height: 40,
        cursor: 'pointer',
        background: token.colorFillTertiary,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        userSelect: 'none',
      }}
    >
      {segmentSpans(segments, dayStart).map((span) => (
        <div
          key={`${span.left}-${span.width}`}
          data-testid="timeline-segment"
          style={{
            position: 'absolute',
            top: 4,
            height: 12,
            left: percent(span.left),
            width: percent(span.width),
            background: token.colorPrimaryBorder,
          }}
        />
      ))}
      {labels.map((label) => (
        <span
          key={label.hour}
          style={{
            position: 'absolute',
            bottom: 2,
            left: percent(label.at),
            transform:
              label.hour === 0 ? 'none' : label.hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
            fontSize: 11,
            color: token.colorTextSecondary,
            borderLeft: label.hour === 0 || label.hour === 24 ? undefined : `1px solid ${token.colorBorder}`,
            paddingLeft: 2,
          }}
        >
          {label.text}
        </span>
      ))}
      {position !== null && (
        <div
          data-testid="timeline-position"
          title={formatClock(position)}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: percent(fractionOf(position, dayStart)),
            width: 2,
            background: token.colorError,
          }}
        />
      )}
      {hover !== null && (
        <div
          data-testid="timeline-hover"
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: percent(fractionOf(hover, dayStart)),
            borderLeft: `1px dashed ${token.colorText}`,
            pointerEvents: 'none',
          }}
        >
          <span style={{ position: 'absolute', top: -18, left: 4, fontSize: 11, whiteSpace: 'nowrap' }}>
            {formatClock(hover)}
          </span>
        </div>
      )}
    </div>
  );
}
