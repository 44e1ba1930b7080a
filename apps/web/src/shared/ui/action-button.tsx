import { type ButtonHTMLAttributes, type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { DEBOUNCE_MS, debounce } from '../lib/debounce';

export interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  onAction: () => void;
  /** spec §9: default 1000 ms. */
  debounceMs?: number;
  variant?: 'primary' | 'ghost' | 'text';
  block?: boolean;
}

/** Every action button is debounced: a second tap within `debounceMs` does nothing. */
export function ActionButton({
  onAction,
  debounceMs = DEBOUNCE_MS,
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ActionButtonProps) {
  const latest = useRef(onAction);
  latest.current = onAction;
  const fire = useMemo(() => debounce(() => latest.current(), debounceMs), [debounceMs]);
  useEffect(() => () => fire.cancel(), [fire]);
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        fire();
      }}
    />
  );
}
