/**
 * The product's social profiles, shown in the footer. Self-hosters point these at their
 * own profiles by editing this file; an empty list hides the footer's social row.
 */
export interface SocialLink {
  label: string;
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'GitHub', href: 'https://github.com/skillway-app/skillway' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/skillway-app' },
  { label: 'X', href: 'https://x.com/skillway_app' },
  { label: 'YouTube', href: 'https://www.youtube.com/@skillway-app' },
];
