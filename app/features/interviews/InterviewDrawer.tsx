import { paths } from '../../../core/paths';
import { PlannedDrawer } from '../../ui/PlannedDrawer';
import { questionLink, useAllInterviewSets } from './queries';

/** Planned questions of every type, each linking to its practice panel. */
export function InterviewDrawer() {
  const { byId } = useAllInterviewSets();
  return (
    <PlannedDrawer
      kind="interview"
      label="Planned questions"
      describe={(id) => {
        const found = byId.get(id);
        return found ? { title: found.question.question, to: questionLink(found.type, id) } : null;
      }}
      empty={{ text: 'Plan your practice', to: paths.interviews() }}
    />
  );
}
