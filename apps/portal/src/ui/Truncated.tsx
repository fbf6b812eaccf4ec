import { truncate } from '@portico/contracts';

export interface TruncatedProps {
  text: string;
  /** Characters kept before the ellipsis (the specification's 20 unless said). */
  max?: number;
  className?: string;
  /**
   * Whether a cut value takes the keyboard focus (true). Inside a control (an accordion header
   * is a button) it must not: the control is focusable and takes the full text as its name.
   */
  focusable?: boolean;
}

/**
 * Read-only long text, cut to 20 characters plus an ellipsis (section 2), that can still be read
 * whole: the full text is its title (hover) and its accessible name, and a cut value is
 * focusable so a keyboard user reaches it and sees the full text beside it (theme.css,
 * ".truncated"). Text short enough shows as it is, with its title.
 */
export function Truncated({ text, max, className, focusable = true }: TruncatedProps) {
  const shown = truncate(text, max);
  if (shown === text) {
    return (
      <span className={className} title={text}>
        {text}
      </span>
    );
  }
  return (
    <span
      className={['truncated', className].filter(Boolean).join(' ')}
      title={text}
      aria-label={text}
      tabIndex={focusable ? 0 : undefined}
    >
      {shown}
    </span>
  );
}
