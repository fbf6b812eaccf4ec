import { useState } from 'react';
import { initials } from '@portico/contracts';
import { assetUrl } from '../api/base-url';

export interface AvatarProps {
  /** The person's or company's name: its first two letters stand in for a missing image. */
  name: string;
  /** Image path or URL; empty for none. */
  src?: string | undefined;
  size?: number;
  className?: string;
}

/**
 * A round avatar: the image, or the first two letters of the name. It is decorative (the name
 * is always written next to it), so assistive technology skips it. The letters are drawn by CSS
 * (theme.css, from data-initials), not written in the page: a control that holds an avatar
 * keeps its visible text equal to the name it is called by (WCAG 2.5.3, label in name).
 */
export function Avatar({ name, src, size = 32, className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && failedSrc !== src) {
    return (
      <img
        src={assetUrl(src)}
        alt=""
        width={size}
        height={size}
        className={`avatar rounded-circle ${className}`}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      className={`avatar avatar-initials rounded-circle ${className}`}
      style={style}
      data-initials={initials(name)}
      aria-hidden="true"
    />
  );
}
