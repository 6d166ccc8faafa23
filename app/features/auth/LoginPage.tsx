import { Link } from 'react-router';
import { paths } from '../../../core/paths';
import { Page } from '../../ui/Page';

export default function LoginPage() {
  return (
    <Page route="login">
      <section className="max-w-xl space-y-3 text-slate-700 dark:text-slate-300">
        <p>
          An account keeps your quiz results, points, planned words and skills profile across
          devices.
        </p>
        <p>
          You can practise without one: every{' '}
          <Link
            to={paths.grammar()}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            grammar quiz
          </Link>{' '}
          works as a guest.
        </p>
      </section>
    </Page>
  );
}
