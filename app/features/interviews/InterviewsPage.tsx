import { Link } from 'react-router';
import { INTERVIEW_TYPES } from '../../../core/constants';
import { paths } from '../../../core/paths';
import { Page } from '../../ui/Page';
import { INTERVIEW_TYPE_INFO } from './interview-types';

export default function InterviewsPage() {
  return (
    <Page route="interviews">
      <ul className="grid gap-4 sm:grid-cols-3">
        {INTERVIEW_TYPES.map((type) => {
          const info = INTERVIEW_TYPE_INFO[type];
          return (
            <li key={type}>
              <Link
                to={paths.interviewType(type)}
                className="flex h-full flex-col rounded-xl border border-slate-200 p-5 hover:border-brand-600 dark:border-slate-700"
              >
                <span className="text-lg font-semibold">{info.title}</span>
                <span className="mt-2 text-slate-600 dark:text-slate-300">{info.blurb}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
