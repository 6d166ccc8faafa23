import { PublishedCount } from '../../ui/PublishedCount';
import { Page } from '../../ui/Page';

export default function PromptsPage() {
  return (
    <Page route="prompts">
      <PublishedCount
        count={(s) => s.prompts}
        emptyTitle="No prompts on this server yet"
        emptyText="Writing prompts appear here as soon as they are added to the server’s content folder."
      >
        {(n) => <p>{n} prompts are available.</p>}
      </PublishedCount>
    </Page>
  );
}
