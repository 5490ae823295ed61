import {
  API_KEY_EXPIRY_DAYS,
  type ApiKey,
  ApiKeyFormSchema,
  STAFF_PERMISSION_LABELS,
  STAFF_PERMISSIONS,
} from '@vestora/shared';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import { useCreateApiKey } from './api-keys-api.ts';

const lifetimeLabel = (days: number) => (days === 365 ? '1 year' : `${days} days`);

/** Name, lifetime, the permissions the person holds (ticked ones only), and optional address ranges. */
function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: { key: ApiKey; secret: string }) => void;
  onCancel: () => void;
}) {
  const { can } = useStaffPermissions();
  const createApiKey = useCreateApiKey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(ApiKeyFormSchema, {
    defaultValues: { name: '', expiresInDays: '90', permissions: [], allowedRanges: '' },
  });

  const onSubmit = handleSubmit((body) => {
    createApiKey.mutate(body, {
      onSuccess: ({ data, secret }) => onCreated({ key: data, secret }),
      onError: (error) => setError('root', { message: errorMessage(error) }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <SelectField label="Expires after" error={errors.expiresInDays?.message} {...register('expiresInDays')}>
        {API_KEY_EXPIRY_DAYS.map((days) => (
          <option key={days} value={days}>
            {lifetimeLabel(days)}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">Permissions</legend>
        <p className="mb-2 text-xs text-slate-600">
          Only what you hold yourself; tick the least the tool needs.
        </p>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {STAFF_PERMISSIONS.filter((permission) => can(permission)).map((permission) => (
            <label
              key={permission}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-2.5 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                value={permission}
                {...register('permissions')}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 first-letter:uppercase">{STAFF_PERMISSION_LABELS[permission]}</span>
            </label>
          ))}
        </div>
        {errors.permissions && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {errors.permissions.message ?? errors.permissions[0]?.message}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Accepted from (optional)"
        rows={2}
        placeholder="203.0.113.0/24, 2001:db8::1"
        error={errors.allowedRanges?.message}
        {...register('allowedRanges')}
      />
      <FormError message={errors.root?.message} />
      <FormActions
        submitLabel="Create key"
        busyLabel="Creating..."
        isBusy={createApiKey.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: { key: ApiKey; secret: string }) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="New API key"
      description="The key acts as you on the admin API, with the permissions you tick that you still hold. Leave the addresses empty to accept it from anywhere."
    >
      <CreateApiKeyForm onCreated={onCreated} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}
