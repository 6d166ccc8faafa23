import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { mutate } from 'swr';
import { paths } from '../../../core/paths';
import { ME_KEY } from '../../lib/auth';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';

/** Where the confirmation link lands (Better Auth redirects here, signed in). */
export default function VerifiedPage() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  useEffect(() => {
    void mutate(ME_KEY); // the session and emailVerified changed on the server
  }, []);
  if (failed) {
    return (
      <Page
        route="verified"
        title="This link did not work"
        purpose="Confirmation links work once and for 24 hours."
      >
        <FormAlert>
          {params.get('error') === 'EMAIL_TAKEN'
            ? 'That address now belongs to another Skillway account, so your address did not change.'
            : 'The confirmation link has expired or was already used. Log in and use “Resend email” in the banner to get a new one.'}
        </FormAlert>
        <p className="mt-4">
          <Link to={paths.login()} className={primaryButton}>
            Log in
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page route="verified">
      <div className="flex flex-wrap gap-3">
        <Link to={paths.grammar()} className={primaryButton}>
          Start practicing
        </Link>
        <Link to={paths.editProfile()} className={secondaryButton}>
          Complete your profile
        </Link>
      </div>
    </Page>
  );
}
