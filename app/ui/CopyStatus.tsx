import { COPY_OK } from '../lib/clipboard';

/** What a copy button said (copyText's message), announced politely: green when it worked. */
export function CopyStatus({ message }: { message: string }) {
  return (
    <p
      role="status"
      className={`text-sm font-medium ${
        message === COPY_OK
          ? 'text-emerald-700 dark:text-emerald-400'
          : 'text-red-700 dark:text-red-400'
      }`}
    >
      {message}
    </p>
  );
}
