import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** `alertdialog` for confirmations: assistive technology announces them as needing an answer. */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
}

/** A centred dialog on desktop, a bottom sheet on phones; focus is trapped and Escape closes it. */
export function Modal({ open, onOpenChange, title, description, role = 'dialog', children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role={role}
          // Without a description Radix expects the attribute to be dropped on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-m-1 rounded-lg p-1 text-slate-500 hover:text-slate-900"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-slate-600">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/**
 * A dialog form's Cancel and submit buttons; while the form is sent both are disabled and the
 * submit button says `busyLabel`. `canSubmit` false keeps the submit button off (a field missing).
 */
export function FormActions({
  submitLabel,
  busyLabel,
  isBusy,
  onCancel,
  variant = 'primary',
  canSubmit = true,
}: {
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  onCancel: () => void;
  variant?: 'primary' | 'danger';
  canSubmit?: boolean;
}) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={isBusy || !canSubmit}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  variant?: 'primary' | 'danger';
  onConfirm: () => void;
  /** Shown between the question and the buttons: a refusal, an optional field. */
  children?: ReactNode;
}

/** Asks one yes/no question; the confirm button shows its busy label while the call runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  question,
  confirmLabel,
  busyLabel,
  isBusy,
  variant = 'primary',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={question} role="alertdialog">
      {children}
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isBusy}>
          Cancel
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={isBusy}>
          {isBusy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Modal>
  );
}
