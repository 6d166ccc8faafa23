import { OrderNote } from '../../ui/OrderNote';
import { Redirect, useSearchParams } from 'wouter';
import { paths } from '../../../core/paths';
import { useItemLists } from '../../lib/items';
import { professionFirst, type StatusFilter } from '../../lib/list-filter';
import { usePrompts } from '../../data/prompts';
import { useSettings } from '../../lib/settings';
import { FilteredList } from '../../ui/FilteredList';
import { Page } from '../../ui/Page';
import { CATEGORY_LABELS } from './order';
import { PromptCard } from './PromptCard';
import { PromptsDrawer } from './PromptsDrawer';

const STATUSES: readonly StatusFilter[] = ['all', 'todo', 'planned', 'completed', 'saved', 'liked'];

export default function PromptsPage() {
  const [params] = useSearchParams();
  const { data, error } = usePrompts();
  const { data: lists } = useItemLists('prompt');
  const { profession, chosen } = useSettings();

  // The spec's ?prompt= query parameter opens that prompt.
  const linked = params.get('prompt');
  if (linked) return <Redirect to={paths.prompt(encodeURIComponent(linked))} replace />;

  const all = data ? professionFirst(data.prompts, profession) : undefined;
  const category = (p: { category: keyof typeof CATEGORY_LABELS }) => CATEGORY_LABELS[p.category];
  return (
    <Page route="prompts">
      <div className="pb-24">
        <FilteredList
          noun="prompts"
          items={all}
          error={error}
          emptyServer="Writing prompts appear here as soon as they are published."
          lists={lists}
          statuses={STATUSES}
          facet={{
            label: 'Category',
            of: (p) => [category(p)],
            options: Object.values(CATEGORY_LABELS).filter((c) =>
              all?.some((p) => category(p) === c),
            ),
          }}
          text={(p) => `${p.title} ${category(p)}`}
          intro={
            <OrderNote
              chosen={chosen}
              claim={`Prompts for ${profession.toLowerCase()} come first.`}
              offer="to put the prompts for your work first."
              back={paths.prompts()}
            />
          }
          renderItem={(p, onError) => <PromptCard prompt={p} lists={lists} onError={onError} />}
        />
      </div>
      <PromptsDrawer />
    </Page>
  );
}
