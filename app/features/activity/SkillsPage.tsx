import { Page } from '../../ui/Page';
import { ActivityTabs } from './ActivityTabs';
import { SkillsProfile } from './skills/SkillsProfile';

/** /activity/skills: self-ratings on the 30 skills against a target profile. */
export default function SkillsPage() {
  return (
    <Page route="skillsProfile" nav={<ActivityTabs />}>
      <SkillsProfile />
    </Page>
  );
}
