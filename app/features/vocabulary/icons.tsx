import { Svg, type IconProps } from '../../ui/icons';

// A word's quiet actions (its card and dialog): plan, learned, like. Filled when on.

/** Plan: a bookmark. */
export function BookmarkIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg width="20" height="20" {...props}>
      <path d="M6 3h12v18l-6-4-6 4V3z" fill={filled ? 'currentColor' : 'none'} />
    </Svg>
  );
}

/** Learned: a tick in a circle. */
export function CheckCircleIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg width="20" height="20" {...props}>
      <circle cx="12" cy="12" r="9" fill={filled ? 'currentColor' : 'none'} />
      <path d="m8 12.5 2.8 2.8L16.5 9.5" stroke={filled ? 'white' : 'currentColor'} />
    </Svg>
  );
}

/** Like: a heart. */
export function HeartIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg width="20" height="20" {...props}>
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </Svg>
  );
}
