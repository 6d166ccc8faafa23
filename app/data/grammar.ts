import { useMemo } from 'react';
import useSWR from 'swr';
import { EMPTY_STATS, type GrammarStats } from '../../core/grammar/results';
import { api } from '../lib/http-client';
import { useAuth } from '../lib/auth';
import { overlayStats } from '../lib/offline-store';
import { useLocalRecords } from '../lib/sync';

// The learner's grammar stats, read by the grammar pages and by Today; the writes that change
// them are the grammar section's (app/features/grammar/queries.ts).

export const STATS_KEY = '/api/grammar/stats';

/** The signed-in user's grammar stats (uGramStats); null key for guests, so no request. */
export function useGrammarStats() {
  const { user } = useAuth();
  const swr = useSWR<GrammarStats>(user ? STATS_KEY : null, async () =>
    (await api.grammar.stats.$get()).json(),
  );
  // Sync: answers kept in this browser (a guest's, or made offline) count until the server
  // has them (app/lib/sync.ts). Without any, the server's answer passes through unchanged.
  const local = useLocalRecords(user?.uid ?? null);
  const { data: server, error } = swr;
  const data = useMemo(() => {
    const mine = local.filter((r) => r.op.type === 'answer' || r.op.type === 'attempt');
    if (mine.length === 0) return server;
    const base = server ?? (user && !error ? undefined : EMPTY_STATS);
    return base && overlayStats(base, mine);
  }, [server, error, local, user]);
  return { data, error, isLoading: swr.isLoading, mutate: swr.mutate };
}
