/** The spec's clipboard messages (section 8). */
export const COPY_OK = 'Text copied to clipboard!';
export const COPY_FAILED = 'Error copying text.';

/** Copies text and returns the message to show; never throws. */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<string> {
  try {
    if (!clipboard) return COPY_FAILED;
    await clipboard.writeText(text);
    return COPY_OK;
  } catch {
    return COPY_FAILED;
  }
}
