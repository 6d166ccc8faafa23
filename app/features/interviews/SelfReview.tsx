import { useState } from 'react';
import { Link } from 'wouter';
import type { TInterviewQuestion } from '../../../core/content/practice';
import { selfReviewScore } from '../../../core/items/interviews';
import type { ItemRecord } from '../../../core/items/items';
import { links } from '../../../core/paths';
import { patchItem, readItemRecord } from '../../lib/items';
import { CheckboxList } from '../../ui/CheckboxList';
import { FormAlert, primaryButton } from '../../ui/form';
import { makeReviewEntry, nextEntries } from './review';
import { useCurrentPath } from '../../lib/navigation';

interface Props {
  question: TInterviewQuestion;
  /** The learner's record for this question (null for guests or until it loads). */
  record: ItemRecord | null;
  signedIn: boolean;
  transcript: string;
  /** The recording saved in this session, if any, to link the review to. */
  recordingId: string | null;
  onSaved: (record: ItemRecord) => void;
}

/**
 * The learner marks which of "what the interviewer is looking for" their answer showed;
 * the share becomes the record's gameScore and the review joins its entries.
 */
export function SelfReview({
  question,
  record,
  signedIn,
  transcript,
  recordingId,
  onSaved,
}: Props) {
  const currentPath = useCurrentPath();
  const [met, setMet] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const total = question.lookingFor.length;
  const score = selfReviewScore(met.length, total);
  const last = record?.gameScore;

  async function save() {
    setSaving(true);
    setStatus(null);
    try {
      // Read the record fresh so reviews saved elsewhere since this page opened are kept.
      const current = await readItemRecord('interview', question.id);
      const entry = makeReviewEntry(met, total, transcript, recordingId);
      const saved = await patchItem('interview', question.id, {
        gameScore: entry.score,
        entries: nextEntries(current?.entries ?? [], entry),
      });
      onSaved(saved);
      setStatus({ tone: 'success', text: `Review saved: ${entry.score}%` });
    } catch (err) {
      setStatus({
        tone: 'error',
        text: err instanceof Error ? err.message : 'Your review could not be saved.',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-4">
      {typeof last === 'number' && (
        <p className="text-sm" data-testid="last-review">
          Your last review: <strong>{last}%</strong>
        </p>
      )}
      <CheckboxList
        label="Which of these did your answer show?"
        options={question.lookingFor}
        value={met}
        onChange={(next) => {
          setMet(next);
          setStatus(null);
        }}
      />
      <p className="text-sm">
        That’s {met.length} of {total}: <strong>{score}%</strong>.
      </p>
      {signedIn ? (
        <button
          type="button"
          className={`${primaryButton} justify-self-start`}
          onClick={() => void save()}
          disabled={saving}
        >
          {saving ? 'Saving…' : 'Save review'}
        </button>
      ) : (
        <p className="text-sm">
          <Link
            to={links.signUp(currentPath)}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Create a free account
          </Link>{' '}
          to keep your reviews and scores.
        </p>
      )}
      {status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}
    </div>
  );
}
