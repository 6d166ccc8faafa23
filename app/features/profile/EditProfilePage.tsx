import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import useSWR from 'swr';
import { LEVELS, PROFESSIONS } from '../../../core/constants';
import { links, paths } from '../../../core/paths';
import type { UserRecord } from '../../../core/account/profile';
import { useAuth } from '../../lib/auth';
import { ApiError } from '../../lib/http-client';
import { useSettings } from '../../lib/settings';
import { SettingsControl } from '../../ui/SettingsControl';
import { FormAlert, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { AccountSection, cardClass } from './AccountSection';
import { ChoiceField } from './ChoiceField';
import { JobTitleField } from './JobTitleField';
import { LinksField } from './LinksField';
import { PhotoField } from './PhotoField';
import { TextProfileField } from './TextProfileField';
import { fetchProfile, PROFILE_KEY } from '../../data/profile';

const linkClass = 'font-semibold text-brand-700 underline dark:text-sky-400';

function GuestProfile() {
  return (
    <section className={`max-w-md ${cardClass}`}>
      <SettingsControl />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        These settings are kept on this device.{' '}
        <Link to={links.signUp(paths.editProfile())} className={linkClass}>
          Create a free account
        </Link>{' '}
        to add your name, photo and job title, and to keep your profile on every device.
      </p>
    </section>
  );
}

function ProfileEditor({ user, more }: { user: UserRecord; more?: ReactNode }) {
  const headingId = useId();
  const { data: profile, error, isValidating, mutate } = useSWR(PROFILE_KEY, fetchProfile);
  const settings = useSettings();

  if (!profile) {
    if (!error) return <Skeleton lines={8} />;
    // Offline is not a failure: the banner above says so; the profile waits for the network.
    if (error instanceof ApiError && error.status === 0 && !navigator.onLine)
      return (
        <p className="max-w-xl text-slate-600 dark:text-slate-400">
          Your profile needs a connection. It will be here when you’re back online.
        </p>
      );
    return (
      <div className="max-w-xl space-y-4">
        <FormAlert>
          Your profile could not be loaded. {error instanceof Error ? error.message : ''}
        </FormAlert>
        <button
          type="button"
          className={secondaryButton}
          disabled={isValidating}
          onClick={() => void mutate()}
        >
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby={headingId} className={cardClass}>
        <h2 id={headingId} className="text-lg font-semibold">
          About you
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each change is saved as soon as you leave the field.
        </p>
        <div className="mt-6 space-y-6">
          <PhotoField user={user} />
          <TextProfileField
            field="displayName"
            label="Display name"
            saved={user.displayName}
            maxLength={80}
            emptyMessage="Your name cannot be empty."
            autoComplete="name"
          />
          <JobTitleField saved={profile.jobTitle ?? ''} />
          <div className="grid gap-6 sm:grid-cols-2">
            <ChoiceField
              field="profession"
              label="Profession"
              options={PROFESSIONS}
              saved={profile.profession}
              local={settings.profession}
              setLocal={settings.setProfession}
            />
            <ChoiceField
              field="level"
              label="Level"
              options={LEVELS}
              saved={profile.level}
              local={settings.level}
              setLocal={settings.setLevel}
            />
          </div>
          <TextProfileField
            field="headline"
            label="Headline"
            saved={profile.headline ?? ''}
            maxLength={120}
            hint="One line about what you do, for example “Product designer in fintech”."
          />
          <TextProfileField
            field="bio"
            label="Bio"
            saved={profile.bio ?? ''}
            maxLength={1000}
            multiline
          />
          <LinksField saved={profile.links ?? []} />
        </div>
      </section>
      <AccountSection user={user} />
      {more && <div className="min-w-0 lg:col-span-2">{more}</div>}
    </div>
  );
}

/**
 * The profile and the account's settings. `more` is what other sections add for a learner
 * (the reminders, composed by app/pages/ProfileRoute.tsx), across the page's width below.
 */
export function EditProfilePage({ more }: { more?: ReactNode }) {
  const { user, ready } = useAuth();
  return (
    <Page route="editProfile">
      {!ready ? (
        <Skeleton lines={6} />
      ) : user ? (
        <ProfileEditor user={user} more={more} />
      ) : (
        <GuestProfile />
      )}
    </Page>
  );
}
