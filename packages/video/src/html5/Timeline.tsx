import { Fragment, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIMELINE_HOVER_THROTTLE_MS, TIMELINE_INSET_PX } from '../constants.js';
import { formatClock } from '../time.js';
import { fractionOf, labelStep, scaleLabels, segmentSpans, throttle, timeAt } from '../timeline.js';

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

const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

/**
 * The 24-hour playback timeline (§2.5): labels by width (every 4th, 2nd or each hour, and the half
 * hours where they fit), recorded segments, position and hover markers. The scale stands in from both
 * ends by half a label, so 00:00 and 24:00 are centred on their times like every other label.
 */
export function Timeline({ dayStart, position, segments, onPick }: TimelineProps) {
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [scale, setScale] = useState<HTMLDivElement | null>(null);
  const measured = useWidth(element);
  // jsdom and a hidden tab measure 0: fall back to the window's width, which the rule also reads well.
  const width = measured || (typeof window === 'undefined' ? 1920 : window.innerWidth);
  const labels = useMemo(() => scaleLabels(labelStep(width)), [width]);
  const [hover, setHover] = useState<number | null>(null);
  const updateHover = useMemo(
    () => throttle((time: number | null) => setHover(time), TIMELINE_HOVER_THROTTLE_MS),
    [],
  );
  useEffect(() => () => updateHover.cancel(), [updateHover]);

  // A pointer beyond either end of the scale reads as that end.
  const timeOfEvent = (event: MouseEvent<HTMLDivElement>) => {
    const rect = scale?.getBoundingClientRect();
    return timeAt(rect && rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0, dayStart);
  };

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
        // The fill over the page's container colour, as the toolbar below: over the player's black
        // the theme's text colours would not read.
        backgroundColor: token.colorBgContainer,
        backgroundImage: `linear-gradient(${token.colorFillTertiary}, ${token.colorFillTertiary})`,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        userSelect: 'none',
      }}
    >
      <div
        ref={setScale}
        style={{ position: 'absolute', top: 0, bottom: 0, left: TIMELINE_INSET_PX, right: TIMELINE_INSET_PX }}
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
          <Fragment key={label.minute}>
            <div
              aria-hidden
              style={{
                position: 'absolute',
                bottom: 18,
                height: label.half ? 3 : 6,
                left: percent(label.at),
                width: 1,
                background: token.colorBorder,
              }}
            />
            <span
              style={{
                position: 'absolute',
                bottom: 2,
                left: percent(label.at),
                transform: 'translateX(-50%)',
                fontSize: 11,
                lineHeight: '16px',
                whiteSpace: 'nowrap',
                color: label.half ? token.colorTextTertiary : token.colorTextSecondary,
              }}
            >
              {label.text}
            </span>
          </Fragment>
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
    </div>
  );
}
