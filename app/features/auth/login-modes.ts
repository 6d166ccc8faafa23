export type Mode = 'signin' | 'signup' | 'forgot';
export const MODES: { id: Mode; label: string; purpose: string }[] = [
  { id: 'signin', label: 'Log in', purpose: 'Log in to save your progress and points.' },
  {
    id: 'signup',
    label: 'Create account',
    purpose: 'Create a free account to keep your progress and points.',
  },
  {
    id: 'forgot',
    label: 'Forgot password',
    purpose: 'We will email you a link to choose a new password.',
  },
];
