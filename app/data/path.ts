import { useMemo } from 'react';
import { nextOnPath, topicMasteries, type Mastery } from '../../core/grammar/mastery';
import { EMPTY_STATS } from '../../core/grammar/results';
import { useAuth } from '../lib/auth';
import { useContentSummary } from '../lib/content';
import { useGrammarStats } from './grammar';

// The learner's place on the grammar path — each topic's mastery and the recommended next
// topic — read by Learn and Today. The rules are core's (core/grammar/mastery.ts); this
// joins the learner's grammar stats (a guest's from this device) with the content's map of
// deep-dive questions to topics.

const NO_DEEP_DIVE = new Map<string, readonly string[]>();

export interface PathProgress {
  masteries: Map<string, Mastery>;
  next: ReturnType<typeof nextOnPath>;
}

/** Undefined while the stats load; a guest's comes from what this device keeps. */
export function usePathProgress(): PathProgress | undefined {
  const { data } = useGrammarStats();
  const { data: summary } = useContentSummary();
  const { user, ready } = useAuth();
  // A guest with nothing kept yet has empty stats, not none.
  const stats = data ?? (ready && !user ? EMPTY_STATS : undefined);
  return useMemo(() => {
    if (!stats) return undefined;
    const deepDive = summary ? new Map(Object.entries(summary.deepDiveTopics)) : NO_DEEP_DIVE;
    const masteries = topicMasteries(stats, deepDive);
    return { masteries, next: nextOnPath(masteries) };
  }, [stats, summary]);
}
