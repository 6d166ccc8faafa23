import { Link } from 'react-router';
import { paths } from '../../../core/paths';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';

export default function ActivityPage() {
  return (
    <Page route="activity">
      <EmptyState title="Your results live here">
        <p>Points, grammar scores, planned and completed items and your skills profile.</p>
        <p className="mt-3">
          <Link
            to={paths.login()}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Log in
          </Link>{' '}
          to keep your progress, or start with a{' '}
          <Link
            to={paths.grammar()}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            grammar quiz
          </Link>
          .
        </p>
      </EmptyState>
    </Page>
  );
}
