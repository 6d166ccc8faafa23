import { useParams } from 'react-router';
import type { InterviewType } from '../../../core/constants';
import { Page } from '../../ui/Page';
import { PublishedCount } from '../../ui/PublishedCount';
import { INTERVIEW_TYPE_INFO } from './interview-types';

export default function InterviewTypePage() {
  // The route guard has already sent unknown types to the 404 page.
  const type = useParams().type as InterviewType;
  const info = INTERVIEW_TYPE_INFO[type];
  return (
    <Page route="interviewType" title={info.title} purpose={info.blurb}>
      <p className="font-medium">{info.structure}</p>
      <div className="mt-6">
        <PublishedCount
          count={(s) => s.interviewQuestions[type]}
          emptyTitle="No questions of this type on this server yet"
          emptyText="Interview questions appear here as soon as they are added to the server’s content folder."
        >
          {(n) => <p>{n} questions are available.</p>}
        </PublishedCount>
      </div>
    </Page>
  );
}
