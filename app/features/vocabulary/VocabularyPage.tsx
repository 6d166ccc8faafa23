import { PublishedCount } from '../../ui/PublishedCount';
import { Page } from '../../ui/Page';

export default function VocabularyPage() {
  return (
    <Page route="vocabulary">
      <PublishedCount
        count={(s) => s.wordSets}
        emptyTitle="No word sets on this server yet"
        emptyText="Word sets appear here as soon as they are added to the server’s content folder."
      >
        {(n) => <p>{n} word sets are available.</p>}
      </PublishedCount>
    </Page>
  );
}
