import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { TPrompt } from '../../../core/content/practice';
import type { ItemRecord } from '../../../core/items/items';
import { rubricLines } from '../../../core/items/rubric';
import { paths } from '../../../core/paths';
import { ApiError } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { useItemLists, useItemRecord } from '../../lib/items';
import { usePrompt, usePrompts } from '../../data/prompts';
import { isPremiumRefusal } from '../../lib/billing';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { UpgradePrompt } from '../../ui/UpgradePrompt';
import { FormAlert } from '../../ui/form';
import { ItemActions } from '../../ui/ItemActions';
import { Page } from '../../ui/Page';
import { CopyPromptButton } from './CopyPromptButton';
import { PromptMeta } from './PromptMeta';
import { PromptsDrawer } from './PromptsDrawer';
import { ResponseEditor } from './ResponseEditor';

export default function PromptPage() {
  const { item = '' } = useParams();
  const { data, error } = usePrompt(item);
  const { user } = useAuth();
  // Record the visit only for a prompt that exists.
  const [record] = useItemRecord('prompt', data ? data.id : null);
  // A refused premium prompt still has its title: the list names every prompt.
  const listed = usePrompts().data?.prompts.find((p) => p.id === item);

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;

  return (
    <Page route="prompt" loading={!data && !error} title={data?.title ?? listed?.title ?? 'Prompt'}>
      <div className="max-w-3xl pb-24">
        <Link
          to={paths.prompts()}
          className="mb-6 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-sky-400"
        >
          ← All prompts
        </Link>
        {error && !data && isPremiumRefusal(error) && <UpgradePrompt what="prompt" />}
        {error && !data && !isPremiumRefusal(error) && (
          <FormAlert>
            This prompt could not be loaded. Check your connection and reload the page.
          </FormAlert>
        )}
        {data && (
          <PromptBody key={data.id} prompt={data} record={record} signedIn={user !== null} />
        )}
      </div>
      <PromptsDrawer />
    </Page>
  );
}

const h2 = 'text-xl font-semibold';

function PromptBody({
  prompt,
  record,
  signedIn,
}: {
  prompt: TPrompt;
  record: ItemRecord | null;
  signedIn: boolean;
}) {
  const { data: lists } = useItemLists('prompt');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <PromptMeta prompt={prompt} />
        <ItemActions
          kind="prompt"
          id={prompt.id}
          title={prompt.title}
          lists={lists}
          onError={setMessage}
        />
        {message && <FormAlert>{message}</FormAlert>}
      </div>
      <section>
        <h2 className={h2}>The prompt</h2>
        <p
          className="mt-3 rounded-xl border-l-4 border-brand-600 bg-slate-50 p-4 leading-relaxed dark:bg-slate-900"
          data-testid="prompt-text"
        >
          {prompt.prompt}
        </p>
        <CopyPromptButton text={prompt.prompt} />
      </section>
      <section>
        <h2 className={h2}>Why it matters</h2>
        <p className="mt-2 leading-relaxed">{prompt.why}</p>
      </section>
      <section>
        <h2 className={h2}>Tips</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {prompt.tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className={h2}>Outline</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {prompt.outline.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ol>
      </section>
      <ResponseEditor
        promptId={prompt.id}
        title={prompt.title}
        modelAnswer={prompt.modelAnswer}
        rubric={rubricLines(prompt)}
        record={record}
        signedIn={signedIn}
      />
    </div>
  );
}
