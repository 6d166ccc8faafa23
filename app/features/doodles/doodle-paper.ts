/**
 * Saved doodles are PNGs on white paper; in dark mode they show inverted with their hues
 * turned back, so they sit on the dark page like the sheet does (the file is unchanged).
 */
export const onDark = 'bg-white dark:hue-rotate-180 dark:invert';
