/** Duration inputs (section 5): whole numbers of seconds, minutes, hours or days. */
export const DURATION_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export const SECONDS_PER_UNIT: Record<DurationUnit, number> = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86_400,
};

export interface DurationParts {
  value: number;
  unit: DurationUnit;
}

/** A number of seconds in the largest unit that divides it exactly (3600 is 1 hour). */
export function durationParts(seconds: number): DurationParts {
  for (const unit of [...DURATION_UNITS].reverse()) {
    const size = SECONDS_PER_UNIT[unit];
    if (seconds !== 0 && Number.isInteger(seconds / size)) return { value: seconds / size, unit };
  }
  return { value: seconds, unit: 'seconds' };
}

export function durationSeconds(parts: DurationParts): number {
  return parts.value * SECONDS_PER_UNIT[parts.unit];
}
