import { PublishedCount } from '../../ui/PublishedCount';
import { Page } from '../../ui/Page';

export default function InsightsPage() {
  return (
    <Page route="insights">
      <PublishedCount
        count={(s) => s.insights}
        emptyTitle="No insights on this server yet"
        emptyText="Decision-making models appear here as soon as they are added to the server’s content folder."
      >
        {(n) => <p>{n} insights are available.</p>}
      </PublishedCount>
    </Page>
  );
}
