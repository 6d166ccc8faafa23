import { Link, useParams } from 'react-router';
import { DEEP_DIVE_COUNT } from '../../../core/constants';
import { paths } from '../../../core/paths';
import { Page } from '../../ui/Page';

export default function DeepDivePage() {
  const n = Number(useParams().n);
  return (
    <Page route="deepDive" title={`Deep Dive ${n}`}>
      <p className="text-slate-600 dark:text-slate-300">
        Question {n} of {DEEP_DIVE_COUNT}.
      </p>
      <nav aria-label="Deep dive" className="mt-6 flex gap-4">
        {n > 1 && (
          <Link
            to={paths.deepDive(n - 1)}
            className="text-brand-700 hover:underline dark:text-sky-400"
          >
            Previous
          </Link>
        )}
        {n < DEEP_DIVE_COUNT && (
          <Link
            to={paths.deepDive(n + 1)}
            className="font-semibold text-brand-700 hover:underline dark:text-sky-400"
          >
            Next
          </Link>
        )}
      </nav>
    </Page>
  );
}
