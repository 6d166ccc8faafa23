import { hasTried } from '../../../core/items/rubric';
import { CompareView } from './CompareView';
import { DraftExport } from '../../ui/DraftExport';
import { Rubric } from './Rubric';
import type { PromptDraft } from './use-prompt-draft';

interface Props {
  title: string;
  modelAnswer: string;
  rubric: readonly string[];
  draft: PromptDraft;
  signedIn: boolean;
}

/**
 * What follows a prompt's draft: taking it away (copy, Markdown), then, once the draft is a
 * try, checking it against the rubric and comparing it with the model answer.
 */
export function DraftTools({ title, modelAnswer, rubric, draft, signedIn }: Props) {
  const tried = hasTried(draft.text);
  return (
    <div className="mt-4 grid gap-4">
      <DraftExport
        text={draft.text}
        document={{
          title,
          parts: [{ heading: 'My draft', text: draft.text }],
          rubric: draft.checked ? { lines: rubric, met: draft.met } : null,
        }}
      />
      {tried && rubric.length > 0 && <Rubric lines={rubric} draft={draft} signedIn={signedIn} />}
      <CompareView draft={draft.text} modelAnswer={modelAnswer} />
    </div>
  );
}
