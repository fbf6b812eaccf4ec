import { APP_STATUSES, APP_STATUS_COLOURS } from '@portico/contracts';

type Colour = (typeof APP_STATUS_COLOURS)[number];

/** The contracts' colour names as shades that keep white text readable (WCAG AA). */
const SHADES: Record<Colour, string> = {
  red: '#b42318',
  gray: '#5f6b7a',
  blue: '#1d5fbf',
  green: '#18794e',
  black: '#111827',
};

export function statusLabel(status: number): string {
  return APP_STATUSES[status] ?? String(status);
}

export function statusColour(status: number): Colour {
  return APP_STATUS_COLOURS[status] ?? 'gray';
}

/** An application status: its name in its colour (Disabled red ... Internal black). */
export function AppStatusBadge({ status }: { status: number }) {
  const colour = statusColour(status);
  return (
    <span
      className="badge app-status"
      data-colour={colour}
      style={{ backgroundColor: SHADES[colour], color: '#fff' }}
    >
      {statusLabel(status)}
    </span>
  );
}
