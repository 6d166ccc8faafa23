import { useRef, useState } from 'react';
import { useJobNames } from '../../lib/content';
import { JobAutocomplete } from '../../ui/JobAutocomplete';
import { SaveState } from './FieldFeedback';
import { useProfileField } from './use-profile-field';

const MAX_LENGTH = 80;

/**
 * Job title with suggestions from the catalog of job names; any other title is fine too
 * (custom values are allowed). Saves on choosing a suggestion or on leaving the field.
 */
export function JobTitleField({ saved }: { saved: string }) {
  const jobs = useJobNames();
  const [input, setInput] = useState(saved);
  // The text now in the field, so that a save that ends after the person typed on does
  // not overwrite their new text with the server's version of the old one.
  const latest = useRef(saved);
  const { status, save, reject } = useProfileField('jobTitle', saved);

  function show(text: string) {
    latest.current = text;
    setInput(text);
  }

  async function commit(raw: string) {
    const value = raw.trim();
    if (value.length > MAX_LENGTH) return reject(`At most ${MAX_LENGTH} characters.`);
    const outcome = await save(value);
    if (outcome.kind === 'superseded') return;
    const next = outcome.kind === 'unchanged' ? value : (outcome.value ?? '');
    if (latest.current === raw && raw !== next) show(next);
  }

  return (
    <JobAutocomplete
      label="Job title"
      value={input}
      onChange={show}
      onCommit={(text) => void commit(text)}
      jobs={jobs}
      maxLength={MAX_LENGTH}
      hint="Start typing for suggestions, or write your own."
      error={status.kind === 'error' ? status.message : null}
      labelAside={<SaveState status={status} testId="jobTitle-status" />}
    />
  );
}
