import { useDashboard } from '../data/dashboard';
import { useReviewCount } from '../data/review';
import { useAuth } from '../lib/auth';

/** What the navigation shows beside its places: the goal streak in days, cards due today. */
export interface NavStatus {
  /** Null for a guest, and until it is known. */
  streak: number | null;
  /** 0 for a guest. */
  due: number;
}

/**
 * The one source of the navigation's figures: the tab bar, the top bar and the menu read
 * only this hook. For now the streak comes from the dashboard and the count from the review
 * count; a cheaper endpoint can replace both here without touching the navigation.
 */
export function useNavStatus(): NavStatus {
  const { user } = useAuth();
  const signedIn = user !== null;
  const { data } = useDashboard();
  const due = useReviewCount(signedIn);
  return { streak: signedIn ? (data?.goal.streak ?? null) : null, due };
}
