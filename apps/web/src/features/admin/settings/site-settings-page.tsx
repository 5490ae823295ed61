import { type SiteSettings, SiteSettingsFormSchema, siteSettingsFormOf } from '@vestora/shared';
import { useFieldArray } from 'react-hook-form';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useSaveSiteSettings, useSiteSettingsForEditing } from './site-settings-api.ts';

/** What the public pages claim about the firm (DESIGN.md principle 4): blank figures are not shown at all. */
export function SiteSettingsPage() {
  const { data, isPending } = useSiteSettingsForEditing();
  if (isPending || !data) return <PageSpinner label="Loading site settings" />;
  // The form starts from the settings as first loaded; a later reload does not overwrite an edit.
  return <SiteSettingsForm settings={data.data} />;
}

function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useSaveSiteSettings();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(SiteSettingsFormSchema, { defaultValues: siteSettingsFormOf(settings) });
  // The slides' own `id` is a value of the form, so the list keys its rows under another name.
  const slides = useFieldArray({ control, name: 'slides', keyName: 'key' });

  const onSubmit = handleSubmit((request) => {
    save.mutate(request, {
      onSuccess: ({ data: saved }) => reset(siteSettingsFormOf(saved)),
      onError: (failure) => setError('root', { message: errorMessage(failure) }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-3xl space-y-6">
      <PageHeader
        title="Site settings"
        description="What the public pages say about the firm. Leave a figure blank and the pages make no claim about it."
      />
      <Card as="section" className="grid gap-4 p-5 sm:grid-cols-2">
        <TextField label="Firm name" error={errors.firmName?.message} {...register('firmName')} />
        <TextField
          label="Support e-mail"
          type="email"
          error={errors.supportEmail?.message}
          {...register('supportEmail')}
        />
        <TextField
          label="Postal address"
          className="sm:col-span-2"
          error={errors.postalAddress?.message}
          {...register('postalAddress')}
        />
        <TextField
          label="Assets under management"
          placeholder="Leave blank to make no claim"
          error={errors.assetsUnderManagement?.message}
          {...register('assetsUnderManagement')}
        />
        <TextField
          label="Founding year"
          inputMode="numeric"
          placeholder="Leave blank to make no claim"
          error={errors.foundingYear?.message}
          {...register('foundingYear')}
        />
        <TextField
          label="Privacy policy effective date"
          placeholder="DD-MM-YYYY"
          error={errors.policyEffectiveDate?.message}
          {...register('policyEffectiveDate')}
        />
      </Card>
      <Card as="section" className="space-y-3 p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold text-slate-900">Hero slides</h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={slides.fields.length >= 6}
            onClick={() =>
              slides.append({
                id: `slide-${Date.now()}`,
                image: '/slides/slide-1.webp',
                HeadText: '',
                SubHeaderText: '',
              })
            }
          >
            Add slide
          </Button>
        </div>
        {slides.fields.length === 0 && (
          <p className="text-sm text-slate-600">
            No slides set: the landing page shows its three built-in slides.
          </p>
        )}
        {slides.fields.map((slide, index) => (
          <fieldset
            key={slide.key}
            className="grid gap-3 rounded-xl border border-slate-100 p-3 sm:grid-cols-2"
          >
            <legend className="px-1 text-xs font-semibold text-slate-500">Slide {index + 1}</legend>
            <TextField
              label="Heading"
              error={errors.slides?.[index]?.HeadText?.message}
              {...register(`slides.${index}.HeadText`)}
            />
            <TextField
              label="Image address"
              error={errors.slides?.[index]?.image?.message}
              {...register(`slides.${index}.image`)}
            />
            <TextField
              label="Text"
              className="sm:col-span-2"
              error={errors.slides?.[index]?.SubHeaderText?.message}
              {...register(`slides.${index}.SubHeaderText`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => slides.remove(index)}
            >
              Remove slide
            </Button>
          </fieldset>
        ))}
      </Card>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save settings'}
      </Button>
    </form>
  );
}
