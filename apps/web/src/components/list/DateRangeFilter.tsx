/**
 * The date range's UI piece (filters/date-range.ts), the request lists' 'Date filter' (001 §2.4,
 * §4, §5): a button showing the range in effect, opening the presets (Show all, Today, Last 7 days,
 * Last 30 days, Last 6 months, Custom dates) beside a calendar. Clicking days makes a custom range:
 * the first click sets the start, the second the end, a click before the start resets the start.
 * No day after today can be chosen and the next-month arrow is disabled on the current month (the
 * calendar's maxDate). Apply is enabled once the range is whole; Cancel, Escape or a click outside
 * drop the changes.
 */
import { useState } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DraftPopover } from './DraftPopover';
import dayjs from 'dayjs';
import { DATE_FILTER_PRESETS, type DateFilterPreset } from '@wayguard/contracts';
import {
  clickDay,
  clickedDay,
  DAY_LABEL_FORMAT,
  isValidRange,
  rangeDays,
  rangeLabel,
  today,
  type DateRange,
  type DayPick,
} from './filters/date-range';

type Props = {
  /** The range in effect. */
  value: DateRange;
  onApply: (range: DateRange) => void;
  /** Names the filter: the button reads '{label}: {range}'. */
  label?: string;
};

type Draft = { preset: DateFilterPreset; pick: DayPick };

const draftOf = (range: DateRange): Draft => ({
  preset: range.preset,
  pick: rangeDays(range) ?? { start: null, end: null },
});

function rangeOf(draft: Draft): DateRange {
  if (draft.preset !== 'custom') return { preset: draft.preset, from: null, to: null };
  return { preset: 'custom', from: draft.pick.start, to: draft.pick.end };
}

export function DateRangeFilter({ value, onApply, label = 'Date filter' }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const range = rangeOf(draft);
  const whole = isValidRange(range);
  const maxDate = today();

  return (
    <DraftPopover
      label={`${label}: ${rangeLabel(value)}`}
      icon={<IconCalendar size={16} aria-hidden="true" />}
      position="bottom-start"
      onOpen={() => setDraft(draftOf(value))}
      onApply={() => onApply(range)}
      applyDisabled={!whole}
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Radio.Group
          label="Show"
          value={draft.preset}
          onChange={(v) => {
            const preset = v as DateFilterPreset;
            // A preset shows its days in the calendar; Custom keeps the days already there.
            setDraft((d) => ({
              preset,
              pick: preset === 'custom' ? d.pick : (rangeDays({ preset, from: null, to: null }) ?? d.pick),
            }));
          }}
        >
          <Stack gap="xs" mt={6}>
            {DATE_FILTER_PRESETS.map((p) => (
              <Radio key={p.key} value={p.key} label={p.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Stack gap={6}>
          <DatePicker
            type="range"
            allowSingleDateInRange
            value={[draft.pick.start, draft.pick.end]}
            onChange={(next) =>
              setDraft((d) => {
                const day = clickedDay(d.pick, next);
                return day === null ? d : { preset: 'custom', pick: clickDay(d.pick, day) };
              })
            }
            defaultDate={draft.pick.end ?? draft.pick.start ?? maxDate}
            maxDate={maxDate}
            nextLabel="Next month"
            previousLabel="Previous month"
          />
          <Text size="sm" aria-live="polite">
            {draft.preset === 'custom' ? `From ${fmt(draft.pick.start)} to ${fmt(draft.pick.end)}` : rangeLabel(range)}
          </Text>
        </Stack>
      </Group>
    </DraftPopover>
  );
}

function fmt(day: string | null): string {
  return day ? dayjs(day).format(DAY_LABEL_FORMAT) : 'YYYY/MM/DD';
}
