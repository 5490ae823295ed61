import {
  COUNTRY_CODES,
  type CountryCode,
  documentHasBack,
  IDENTITY_DOCUMENT_TYPE_LABELS,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_MESSAGES,
  type IdentitySubmission,
  IdentitySubmissionRequestSchema,
  isOfAge,
} from '@vestora/shared';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { countryOptions } from '../../../ui/country-names.ts';
import { FormError, SelectField, TextAreaField, TextField } from '../../../ui/field.tsx';
import { RadioGroupField } from '../../../ui/radio-group-field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useSubmissionKey } from '../submission-key.ts';
import { IdentityImageInput } from './identity-image-input.tsx';
import { useSubmitVerification } from './verification-api.ts';

const { dateOfBirth: DateOfBirthSchema } = IdentitySubmissionRequestSchema.shape;

/**
 * The server's rules, and the minimum age checked here too so the person hears it before uploading.
 * The age is judged whenever the date itself is valid, even while other fields are still missing.
 */
const IdentityFormSchema = IdentitySubmissionRequestSchema.refine(
  (request) => isOfAge(request.dateOfBirth, new Date()),
  {
    path: ['dateOfBirth'],
    message: IDENTITY_MESSAGES.tooYoung,
    when: ({ value }) =>
      DateOfBirthSchema.safeParse((value as { dateOfBirth?: unknown } | null)?.dateOfBirth).success,
  },
);
type IdentityFormInput = z.input<typeof IdentityFormSchema>;

const DOCUMENT_TYPE_OPTIONS = IDENTITY_DOCUMENT_TYPES.map(
  (type) => [type, IDENTITY_DOCUMENT_TYPE_LABELS[type]] as const,
);

const isCountryCode = (code: string): code is CountryCode =>
  (COUNTRY_CODES as readonly string[]).includes(code);

/** After a rejection the details come back as they were sent; the images are asked afresh. */
function startingValues(previous: IdentitySubmission | null): Partial<IdentityFormInput> {
  if (!previous) return { legalName: '', dateOfBirth: '', address: '' };
  return {
    legalName: previous.legalName,
    dateOfBirth: previous.dateOfBirth,
    address: previous.address,
    documentType: previous.documentType,
    ...(isCountryCode(previous.country) ? { country: previous.country } : {}),
  };
}

/** Today as YYYY-MM-DD, the latest a date of birth can be. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The person's details and their document's images. Each image uploads as soon as it is chosen;
 * the form then sends the details with the images' ids, once, under one Idempotency-Key.
 */
export function IdentityForm({ previous }: { previous: IdentitySubmission | null }) {
  const submit = useSubmitVerification();
  const submissionKey = useSubmissionKey();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitted },
  } = useZodForm(IdentityFormSchema, { defaultValues: startingValues(previous) });
  const documentType = useWatch({ control, name: 'documentType' });

  // No image yet reads as an empty id, which the schema refuses with the side's own sentence.
  const setImage = (field: 'frontImageId' | 'backImageId' | 'selfieImageId') => (id: string | undefined) =>
    setValue(field, id ?? '', { shouldValidate: isSubmitted });

  const onSubmit = handleSubmit(async (request) => {
    const idempotencyKey = submissionKey.start([
      request.legalName,
      request.dateOfBirth,
      request.country,
      request.address,
      request.documentType,
      request.frontImageId,
      request.backImageId,
      request.selfieImageId,
    ]);
    if (!idempotencyKey) return;
    try {
      await submit.mutateAsync({ body: request, idempotencyKey });
      submissionKey.finish(true);
    } catch (failure) {
      submissionKey.finish(false);
      setError('root', { message: errorMessage(failure) });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <fieldset disabled={submit.isPending} className="space-y-4">
        <legend className="sr-only">Your details</legend>
        <TextField
          label="Full legal name"
          autoComplete="name"
          maxLength={120}
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={today()}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <SelectField
          label="Country of residence"
          autoComplete="country"
          error={errors.country?.message}
          {...register('country')}
        >
          <option value="">Choose your country</option>
          {countryOptions().map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Residential address"
          autoComplete="street-address"
          rows={4}
          maxLength={300}
          error={errors.address?.message}
          {...register('address')}
        />
        <RadioGroupField
          legend="Document"
          options={DOCUMENT_TYPE_OPTIONS}
          gridClassName="sm:grid-cols-3"
          error={errors.documentType?.message}
          registration={register('documentType', {
            // A passport has no back: an image already added for one is no longer sent.
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
              if (event.target.value === 'passport') setValue('backImageId', undefined);
            },
          })}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Photos</legend>
        <p className="text-sm text-slate-600">
          On a phone, each button opens the camera. PNG, JPEG or WebP pictures.
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <IdentityImageInput
            side="front"
            error={errors.frontImageId?.message}
            isDisabled={submit.isPending}
            onUploaded={setImage('frontImageId')}
          />
          {documentType && documentHasBack(documentType) && (
            <IdentityImageInput
              side="back"
              error={errors.backImageId?.message}
              isDisabled={submit.isPending}
              onUploaded={setImage('backImageId')}
            />
          )}
          <IdentityImageInput
            side="selfie"
            error={errors.selfieImageId?.message}
            isDisabled={submit.isPending}
            onUploaded={setImage('selfieImageId')}
          />
        </div>
      </fieldset>

      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
        {submit.isPending ? 'Sending…' : 'Send for review'}
      </Button>
    </form>
  );
}
