import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { TInsight } from '../../../core/content/practice';
import type { ItemRecord } from '../../../core/items/items';
import { paths } from '../../../core/paths';
import { ApiError } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { useItemLists, useItemRecord } from '../../lib/items';
import { useInsight, useInsights } from './queries';
import { isPremiumRefusal } from '../../lib/billing';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { UpgradePrompt } from '../../ui/UpgradePrompt';
import { FormAlert } from '../../ui/form';
import { ItemActions } from '../../ui/ItemActions';
import { Page } from '../../ui/Page';
import { ApplyForm } from './ApplyForm';
import { InsightMeta } from './InsightMeta';
import { InsightsDrawer } from './InsightsDrawer';

export default function InsightPage() {
  const { item = '' } = useParams();
  const { data, error } = useInsight(item);
  const { user } = useAuth();
  // Record the visit only for an insight that exists.
  const [record] = useItemRecord('insight', data ? data.id : null);
  // A refused premium insight still has its title: the list names every insight.
  const listed = useInsights().data?.insights.find((x) => x.id === item);

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;

  return (
    <Page
      route="insight"
      loading={!data && !error}
      title={data?.title ?? listed?.title ?? 'Insight'}
      purpose={data?.summary ?? listed?.summary}
    >
      <div className="max-w-3xl pb-24">
        <Link
          to={paths.insights()}
          className="mb-6 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-sky-400"
        >
          ← All insights
        </Link>
        {error && !data && isPremiumRefusal(error) && <UpgradePrompt what="insight" />}
        {error && !data && !isPremiumRefusal(error) && (
          <FormAlert>
            This insight could not be loaded. Check your connection and reload the page.
          </FormAlert>
        )}
        {data && (
          <InsightBody key={data.id} insight={data} record={record} signedIn={user !== null} />
        )}
      </div>
      <InsightsDrawer />
    </Page>
  );
}

const h2 = 'text-xl font-semibold';

function InsightBody({
  insight,
  record,
  signedIn,
}: {
  insight: TInsight;
  record: ItemRecord | null;
  signedIn: boolean;
}) {
  const { data: lists } = useItemLists('insight');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <InsightMeta insight={insight} />
        <ItemActions
          kind="insight"
          id={insight.id}
          title={insight.title}
          lists={lists}
          onError={setMessage}
        />
        {message && <FormAlert>{message}</FormAlert>}
      </div>
      <section>
        <h2 className={h2}>When to use it</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {insight.whenToUse.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className={h2}>Steps</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {insight.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h2 className={h2}>Worked example</h2>
        <h3 className="mt-3 font-semibold">The situation</h3>
        <p className="mt-1 leading-relaxed">{insight.example.context}</p>
        <h3 className="mt-3 font-semibold">Applying the model</h3>
        <p className="mt-1 leading-relaxed">{insight.example.walkthrough}</p>
      </section>
      <section>
        <h2 className={h2}>Pitfalls</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {insight.pitfalls.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      <ApplyForm insight={insight} record={record} signedIn={signedIn} />
    </div>
  );
}
