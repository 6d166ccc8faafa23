import { EditProfilePage } from '../features/profile/EditProfilePage';
import { RemindersSection } from '../features/reminders/RemindersSection';

/** /activity/edit-your-profile: the profile and account, with the learner's reminders. */
export default function ProfileRoute() {
  return <EditProfilePage more={<RemindersSection />} />;
}
