import { useMemo, useState } from 'react';
import { DatePicker } from 'antd';
import { MOMENT_FORMAT, platformDay, platformTimeOf } from '@cityops/ui';

export interface PlaybackTimePickerProps {
  label: string;
  /** Epoch milliseconds; null shows an empty picker. */
  value: number | null;
  /** The earliest and latest time that can be picked, when bounded (e.g. the recording's day). */
  min?: number;
  max?: number;
  width: number;
  onPick(time: number): void;
}

/**
 * A playback time to the second, picked on the platform's clock in the product's own picker (not the
 * browser's native input, whose format and zone follow the operating system).
 */
export function PlaybackTimePicker({ label, value, min, max, width, onPick }: PlaybackTimePickerProps) {
  // While the picker is open it keeps the time it opened with: the value may follow the playing
  // position every second, and would otherwise replace what the operator is typing.
  const [held, setHeld] = useState<{ value: number | null } | null>(null);
  const shown = held ? held.value : value;
  // One day object per time: the picker takes a new object for a new value, and puts its text back
  // in the field over what is being typed, at any render of the page around it.
  const day = useMemo(() => (shown === null ? null : platformDay(shown)), [shown]);
  const minDate = useMemo(() => (min === undefined ? undefined : platformDay(min)), [min]);
  const maxDate = useMemo(() => (max === undefined ? undefined : platformDay(max)), [max]);
  return (
    <DatePicker
      showTime
      size="small"
      allowClear={false}
      aria-label={label}
      format={MOMENT_FORMAT}
      style={{ width }}
      value={day}
      minDate={minDate}
      maxDate={maxDate}
      onOpenChange={(open) => setHeld(open ? { value } : null)}
      onChange={(picked) => {
        // The time the operator sees is the platform's: a typed time comes back parsed in the
        // browser's zone, so its wall-clock fields, not its moment, are what was picked.
        if (picked) onPick(platformTimeOf(picked.format(MOMENT_FORMAT)).valueOf());
      }}
    />
  );
}
