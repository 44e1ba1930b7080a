import type { CSSProperties } from 'react';
import type { IconName } from './icon-sprite';

export interface IconProps {
  name: IconName;
  /** CSS size (e.g. "1.6rem"); defaults to the surrounding font size. */
  size?: string;
  className?: string;
  style?: CSSProperties;
  /** Accessible label; without it the icon is decorative. */
  label?: string;
}

/** `<Icon name="home" />`: a `<use>` of the root layout's sprite. */
export function Icon({ name, size = '1em', className, style, label }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-icon={name}
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
