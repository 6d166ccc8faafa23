import { Page } from '../../ui/Page';
import { ProgressTabs } from '../../ui/ProgressTabs';
import { SkillsProfile } from './skills/SkillsProfile';

/** /activity/skills (the results area): self-ratings on the 30 skills against a target profile. */
export default function SkillsPage() {
  return (
    <Page route="skillsProfile" nav={<ProgressTabs />}>
      <SkillsProfile />
    </Page>
  );
}
