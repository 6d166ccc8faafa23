import { Link } from 'wouter';
import { links } from '../../core/paths';

/**
 * The line above a list ordered by the learner's settings. Once they chose a profession or
 * level it says what the order follows; before that it claims nothing and offers the
 * onboarding, which brings them back here.
 */
export function OrderNote({
  chosen,
  claim,
  offer,
  back,
}: {
  chosen: boolean;
  /** "Ordered for a senior in tech." */
  claim: string;
  /** What personalizing would do: "to put the sets for your work first." */
  offer: string;
  /** The page to come back to after onboarding. */
  back: string;
}) {
  return (
    <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" data-testid="order-note">
      {chosen ? (
        <>{claim} Change this in the menu’s settings.</>
      ) : (
        <>
          <Link
            to={links.welcome(back)}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Personalize
          </Link>{' '}
          {offer}
        </>
      )}
    </p>
  );
}
