import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type AdminUserRow, MESSAGES } from '@vestora/shared';
import { lazy, Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { FormError, PasswordField } from '../../../ui/field.tsx';
import { KebabIcon } from '../../../ui/icons.tsx';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import {
  useDeleteUser,
  useResetTwoFactor,
  useSetAdministratorRole,
  useSetSuspended,
  useVerifyUser,
} from './users-api.ts';

// Loaded when first opened: their form schemas would otherwise weigh on the console's first visit.
// Each dialog loads when it is first opened: the console's first page stays small.
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../ui/dialog.tsx')).ConfirmDialog }));
const LoginHistoryDialog = lazy(async () => ({
  default: (await import('./login-history-dialog.tsx')).LoginHistoryDialog,
}));
const UserDetailDialog = lazy(async () => ({
  default: (await import('./user-detail-dialog.tsx')).UserDetailDialog,
}));
const CreditDebitDialog = lazy(async () => ({
  default: (await import('../money/credit-debit-dialog.tsx')).CreditDebitDialog,
}));
const StaffRolesDialog = lazy(async () => ({
  default: (await import('../staff/staff-roles-dialog.tsx')).StaffRolesDialog,
}));

const ITEM_CLASS =
  'cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';

/** Runs one call behind the 'Please wait....' toast, replaced by the server's answer. */
function withToasts(
  run: (callbacks: {
    onSuccess: (result: { message: string }) => void;
    onError: (error: Error) => void;
  }) => void,
) {
  const loading = toast.loading(MESSAGES.pleaseWait);
  run({
    onSuccess: ({ message }) => toast.success(message, { id: loading }),
    onError: (error) => toast.error(errorMessage(error), { id: loading }),
  });
}

/** The kebab menu of one user row, with the dialogs it opens. */
export function UserActions({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const { can } = useStaffPermissions();
  const [dialog, setDialog] = useState<
    'adjust' | 'delete' | 'details' | 'logins' | 'reset2fa' | 'role' | 'staffRoles' | null
  >(null);
  const [rolePassword, setRolePassword] = useState('');
  const [roleRefusal, setRoleRefusal] = useState<string>();
  const setAdministratorRole = useSetAdministratorRole();
  const [deleteRefusal, setDeleteRefusal] = useState<string>();
  const verifyUser = useVerifyUser();
  const setSuspended = useSetSuspended();
  const deleteUser = useDeleteUser();
  const resetTwoFactor = useResetTwoFactor();

  const onVerify = () => withToasts((callbacks) => verifyUser.mutate(user._id, callbacks));
  const onSuspension = () =>
    withToasts((callbacks) =>
      setSuspended.mutate({ userId: user._id, suspended: !user.suspended }, callbacks),
    );
  const onDelete = () => {
    const loading = toast.loading(MESSAGES.pleaseWait);
    deleteUser.mutate(user._id, {
      onSuccess: ({ message }) => {
        toast.success(message, { id: loading });
        setDialog(null);
      },
      onError: (error) => {
        toast.dismiss(loading);
        setDeleteRefusal(errorMessage(error));
      },
    });
  };
  // The user list does not say whether a second factor is on, so the server's answer does (409 when off).
  const onResetTwoFactor = () =>
    withToasts(({ onSuccess, onError }) =>
      resetTwoFactor.mutate(user._id, {
        onSuccess,
        onError,
        onSettled: () => setDialog(null),
      }),
    );
  const closeRole = (isOpen: boolean) => {
    if (isOpen || setAdministratorRole.isPending) return;
    setDialog(null);
    setRolePassword('');
    setRoleRefusal(undefined);
  };
  const onRole = () => {
    const loading = toast.loading(MESSAGES.pleaseWait);
    setAdministratorRole.mutate(
      { userId: user._id, isAdmin: !user.isAdmin, password: rolePassword },
      {
        onSuccess: ({ message }) => {
          toast.success(message, { id: loading });
          setRoleRefusal(undefined);
          setDialog(null);
          setRolePassword('');
        },
        onError: (error) => {
          toast.dismiss(loading);
          setRoleRefusal(errorMessage(error));
        },
      },
    );
  };
  const closeDelete = (isOpen: boolean) => {
    if (isOpen || deleteUser.isPending) return;
    setDialog(null);
    setDeleteRefusal(undefined);
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={`Actions for ${user.fullName}`}
          className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <KebabIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-30 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            {can('money.adjust') && (
              <DropdownMenu.Item onSelect={() => setDialog('adjust')} className={ITEM_CLASS}>
                Credit/Debit
              </DropdownMenu.Item>
            )}
            {can('users.manage') && (
              <DropdownMenu.Item disabled={user.isVerified} onSelect={onVerify} className={ITEM_CLASS}>
                Verify User
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item onSelect={() => setDialog('logins')} className={ITEM_CLASS}>
              Login history
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => setDialog('details')} className={ITEM_CLASS}>
              Sessions, addresses and security
            </DropdownMenu.Item>
            {can('staff.manage') && (
              <>
                <DropdownMenu.Item
                  disabled={!user.isAdmin && !user.isVerified}
                  onSelect={() => setDialog('role')}
                  className={ITEM_CLASS}
                >
                  {user.isAdmin ? 'Remove administrator role' : 'Make administrator'}
                </DropdownMenu.Item>
                {/* Only a verified account becomes staff; a staff member's roles can always be changed. */}
                <DropdownMenu.Item
                  disabled={!user.isAdmin && !user.isVerified}
                  onSelect={() => setDialog('staffRoles')}
                  className={ITEM_CLASS}
                >
                  Staff roles
                </DropdownMenu.Item>
              </>
            )}
            {!isSelf && can('users.manage') && (
              <>
                <DropdownMenu.Item onSelect={onSuspension} className={ITEM_CLASS}>
                  {user.suspended ? 'Unsuspend User' : 'Suspend User'}
                </DropdownMenu.Item>
                <DropdownMenu.Item onSelect={() => setDialog('reset2fa')} className={ITEM_CLASS}>
                  Reset two-factor sign-in
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                <DropdownMenu.Item
                  onSelect={() => setDialog('delete')}
                  className={`${ITEM_CLASS} text-red-700 data-[highlighted]:bg-red-50`}
                >
                  Delete User
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {dialog === 'adjust' && (
        <Suspense fallback={null}>
          <CreditDebitDialog
            user={user}
            open
            onOpenChange={(isOpen) => setDialog(isOpen ? 'adjust' : null)}
          />
        </Suspense>
      )}
      {dialog === 'staffRoles' && (
        <Suspense fallback={null}>
          <StaffRolesDialog
            person={user}
            open
            onOpenChange={(isOpen) => setDialog(isOpen ? 'staffRoles' : null)}
          />
        </Suspense>
      )}
      {dialog !== null && (
        <Suspense fallback={null}>
          <LoginHistoryDialog
            user={user}
            open={dialog === 'logins'}
            onOpenChange={(isOpen) => setDialog(isOpen ? 'logins' : null)}
          />
          <UserDetailDialog
            user={user}
            isSelf={isSelf}
            open={dialog === 'details'}
            onOpenChange={(isOpen) => setDialog(isOpen ? 'details' : null)}
          />
          <ConfirmDialog
            open={dialog === 'reset2fa'}
            onOpenChange={(isOpen) => {
              if (!isOpen && !resetTwoFactor.isPending) setDialog(null);
            }}
            title={`Reset two-factor sign-in of ${user.fullName}`}
            question="Turn off their second factor only once you are sure who asks: someone who lost their phone and recovery codes. Every session of the account ends, and the person is told."
            confirmLabel="Reset two-factor sign-in"
            busyLabel="Resetting..."
            isBusy={resetTwoFactor.isPending}
            variant="danger"
            onConfirm={onResetTwoFactor}
          />
          <ConfirmDialog
            open={dialog === 'role'}
            onOpenChange={closeRole}
            title={
              user.isAdmin
                ? `Remove ${user.fullName} as administrator`
                : `Make ${user.fullName} an administrator`
            }
            question={
              user.isAdmin
                ? 'They lose the console at once. The last administrator cannot be removed.'
                : 'They get the whole console, including approving withdrawals. Large withdrawals need two different administrators.'
            }
            confirmLabel={user.isAdmin ? 'Remove role' : 'Make administrator'}
            busyLabel="Saving..."
            isBusy={setAdministratorRole.isPending}
            variant={user.isAdmin ? 'danger' : 'primary'}
            onConfirm={onRole}
          >
            <PasswordField
              label="Your current password"
              toggleLabel="Show your current password"
              autoComplete="current-password"
              value={rolePassword}
              onChange={(event) => setRolePassword(event.target.value)}
            />
            <FormError message={roleRefusal} />
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'delete'}
            onOpenChange={closeDelete}
            title={`Delete ${user.fullName}`}
            question={MESSAGES.deleteConfirm}
            confirmLabel="Delete User"
            busyLabel="Deleting..."
            isBusy={deleteUser.isPending}
            variant="danger"
            onConfirm={onDelete}
          >
            <FormError message={deleteRefusal} />
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
