import { useState } from 'react';
import { markdownFileName, workMarkdown, type WorkDocument } from '../../core/export/markdown';
import { copyText } from '../lib/clipboard';
import { CopyStatus } from './CopyStatus';
import { secondaryButton } from './form';

const smallButton = `${secondaryButton} px-3 py-2 text-sm`;

/** Saves text as a file through a temporary link: no server round trip, works offline. */
function downloadFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface Props {
  /** What is copied: the learner's own text, as written. */
  text: string;
  /** What is downloaded: the work as Markdown (core/export/markdown.ts). */
  document: WorkDocument;
  /** What the copy button names: "my draft", "my answers". */
  what?: string;
}

/** "Copy my draft" (with the spec's confirmation) and "Download (.md)", for work to take away. */
export function DraftExport({ text, document: doc, what = 'my draft' }: Props) {
  const [message, setMessage] = useState('');
  if (!text.trim()) return null;
  const copy = async () => {
    // Clear first so the same message twice is announced twice.
    setMessage('');
    setMessage(await copyText(text));
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="draft-export">
      <button type="button" className={smallButton} onClick={() => void copy()}>
        Copy {what}
      </button>
      <button
        type="button"
        className={smallButton}
        onClick={() => downloadFile(markdownFileName(doc.title), workMarkdown(doc))}
      >
        Download (.md)
      </button>
      <CopyStatus message={message} />
    </div>
  );
}
