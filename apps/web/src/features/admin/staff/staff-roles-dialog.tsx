import { SetStaffRolesRequestSchema, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@vestora/shared';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/field.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { describeRole } from './role-descriptions.ts';
import { useSetStaffRoles, useStaff } from './staff-api.ts';

interface Person {
  _id: string;
  fullName: string;
}

/** One checkbox per role, each with what the role may do; mounted once the current roles are known. */
function StaffRolesForm({
  person,
  currentRoles,
  onDone,
}: {
  person: Person;
  currentRoles: StaffRole[];
  onDone: () => void;
}) {
  const setStaffRoles = useSetStaffRoles();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(SetStaffRolesRequestSchema, { defaultValues: { roles: currentRoles } });

  const onSubmit = handleSubmit(({ roles }) => {
    setStaffRoles.mutate(
      { userId: person._id, roles },
      {
        onSuccess: onDone,
        // The refusal (the last owner, an unverified account) shows in the dialog, beside the choice.
        onError: (error) => setError('root', { message: errorMessage(error) }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">Roles</legend>
        <div className="space-y-2">
          {STAFF_ROLES.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                value={role}
                {...register('roles')}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{STAFF_ROLE_LABELS[role]}</span>
                <span className="block text-xs text-slate-600">{describeRole(role)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.roles && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {errors.roles.message ?? errors.roles[0]?.message}
          </p>
        )}
      </fieldset>
      <FormError message={errors.root?.message} />
      <FormActions
        submitLabel="Save roles"
        busyLabel="Saving..."
        isBusy={setStaffRoles.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * Sets which staff roles a person holds (none takes them out of the console). Opened from the
 * Staff page and from a user's actions, so any verified user can be made, say, finance. The
 * server's answer is toasted: it says when the change waits for other owners.
 */
export function StaffRolesDialog({
  person,
  open,
  onOpenChange,
}: {
  person: Person;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const staff = useStaff();
  const member = staff.data?.data.find((candidate) => candidate._id === person._id);
  const currentRoles = member?.roles.map((grant) => grant.role) ?? [];
  const delayHours = staff.data?.approvalDelayHours ?? 0;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Staff roles of ${person.fullName}`}
      description={
        delayHours > 0
          ? `A role given now lets them approve changes only after ${delayHours} hours, and never a change proposed before it.`
          : 'A role never lets them approve a change proposed before it was given.'
      }
    >
      {staff.isPending ? (
        <PageSpinner label="Loading staff roles" />
      ) : staff.isError ? (
        <ErrorNote message={errorMessage(staff.error)} />
      ) : (
        <StaffRolesForm person={person} currentRoles={currentRoles} onDone={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}
