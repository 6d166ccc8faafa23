import { PublishedCount } from '../../ui/PublishedCount';
import { Page } from '../../ui/Page';

export default function DoodlesPage() {
  return (
    <Page route="doodles">
      <PublishedCount
        count={(s) => s.words}
        emptyTitle="No words to draw yet"
        emptyText="Doodles draws on the vocabulary word sets; once this server has words, pick one here and sketch it."
      >
        {(n) => <p>{n} words are ready to draw.</p>}
      </PublishedCount>
    </Page>
  );
}
