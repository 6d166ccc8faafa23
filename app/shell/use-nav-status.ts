import { useToday } from '../data/today';
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
 * only this hook. Both come from today's glance (GET /api/dashboard/today, one light request
 * shared with Today), which answers patch from their replies without a request.
 */
export function useNavStatus(): NavStatus {
  const { user } = useAuth();
  const { data } = useToday();
  if (!user) return { streak: null, due: 0 };
  return { streak: data?.goal.streak ?? null, due: data?.due ?? 0 };
}
