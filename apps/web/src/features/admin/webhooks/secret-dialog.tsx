import type { WebhookEndpointWithSecret } from '@vestora/shared';
import toast from 'react-hot-toast';
import { Button } from '../../../ui/button.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { DialogActions, Modal } from '../../../ui/dialog.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { CopyIcon } from '../../../ui/icons.tsx';

/**
 * A signing secret, just created or rotated: the only time the console shows it. The receiver
 * keeps it to check each delivery's `webhook-signature`.
 */
export function SecretDialog({
  endpoint,
  isRotated,
  onClose,
}: {
  endpoint: WebhookEndpointWithSecret;
  isRotated: boolean;
  onClose: () => void;
}) {
  const copy = async () => {
    if (await copyText(endpoint.secret)) toast.success('Signing secret copied.');
    else toast.error('Copying is blocked here. Select the secret and copy it by hand.');
  };
  return (
    <Modal
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={isRotated ? 'New signing secret' : 'Signing secret of the new endpoint'}
      description={
        <>
          Copy it now and give it to the receiving tool:{' '}
          <strong className="font-semibold text-slate-800">it will not be shown again.</strong>
          {isRotated &&
            endpoint.previousSecretExpiresAt &&
            ` The previous secret signs beside it until ${formatDateTime(endpoint.previousSecretExpiresAt)}, time for the receiver to switch.`}
        </>
      }
    >
      <p className="mb-1 text-xs font-medium text-slate-600 [overflow-wrap:anywhere]">For {endpoint.url}</p>
      <output
        aria-label="Signing secret"
        className="block rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm break-all text-slate-900 select-all"
      >
        {endpoint.secret}
      </output>
      <DialogActions>
        <Button variant="secondary" onClick={() => void copy()}>
          <CopyIcon width={14} height={14} aria-hidden="true" /> Copy secret
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Modal>
  );
}
