import { Link } from 'react-router';
import { paths } from '../../../core/paths';
import { SettingsControl } from '../../shell/SettingsControl';
import { Page } from '../../ui/Page';

export default function EditProfilePage() {
  return (
    <Page route="editProfile">
      <section className="max-w-md rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <SettingsControl />
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          These settings are kept on this device.{' '}
          <Link
            to={paths.login()}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Log in
          </Link>{' '}
          to add your name, photo and job title.
        </p>
      </section>
    </Page>
  );
}
