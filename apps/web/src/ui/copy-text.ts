/**
 * Copies `text` to the clipboard. The Clipboard API exists only in secure contexts; a self-hosted
 * install on plain http falls back to copying a selection, which browsers still allow from a click.
 * Resolves to whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the selection route below.
    }
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'fixed top-0 left-0 opacity-0';
  const focused = document.activeElement;
  document.body.append(field);
  field.select();
  const isCopied = document.execCommand('copy');
  field.remove();
  if (focused instanceof HTMLElement) focused.focus();
  return isCopied;
}
