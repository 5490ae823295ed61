import type { SiteSettings, Slide } from '@vestora/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { useSaveSiteSettings, useSiteSettingsForEditing } from './site-settings-api.ts';

interface Draft {
  firmName: string;
  supportEmail: string;
  postalAddress: string;
  assetsUnderManagement: string;
  foundingYear: string;
  policyEffectiveDate: string;
  slides: Slide[];
}

const toDraft = (settings: SiteSettings): Draft => ({
  ...settings,
  assetsUnderManagement: settings.assetsUnderManagement ?? '',
  foundingYear: settings.foundingYear === null ? '' : String(settings.foundingYear),
});

/** What the public pages claim about the firm (DESIGN.md principle 4): blank figures are not shown at all. */
export function SiteSettingsPage() {
  const { data, isPending } = useSiteSettingsForEditing();
  const save = useSaveSiteSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (data && !draft) setDraft(toDraft(data.data));
  }, [data, draft]);

  if (isPending || !draft) return <PageSpinner label="Loading site settings" />;

  const field = (name: keyof Omit<Draft, 'slides'>) => ({
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });
  const setSlide = (index: number, change: Partial<Slide>) =>
    setDraft({
      ...draft,
      slides: draft.slides.map((slide, at) => (at === index ? { ...slide, ...change } : slide)),
    });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const year = draft.foundingYear.trim();
    save.mutate(
      {
        ...draft,
        assetsUnderManagement: draft.assetsUnderManagement.trim() || null,
        foundingYear: year === '' ? null : Number(year),
      },
      {
        onSuccess: ({ data: saved }) => {
          setError(undefined);
          setDraft(toDraft(saved));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
      <PageHeader
        title="Site settings"
        description="What the public pages say about the firm. Leave a figure blank and the pages make no claim about it."
      />
      <Card as="section" className="grid gap-4 p-5 sm:grid-cols-2">
        <TextField label="Firm name" {...field('firmName')} />
        <TextField label="Support e-mail" type="email" {...field('supportEmail')} />
        <TextField label="Postal address" className="sm:col-span-2" {...field('postalAddress')} />
        <TextField
          label="Assets under management"
          placeholder="Leave blank to make no claim"
          {...field('assetsUnderManagement')}
        />
        <TextField
          label="Founding year"
          inputMode="numeric"
          placeholder="Leave blank to make no claim"
          {...field('foundingYear')}
        />
        <TextField
          label="Privacy policy effective date"
          placeholder="DD-MM-YYYY"
          {...field('policyEffectiveDate')}
        />
      </Card>
      <Card as="section" className="space-y-3 p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold text-slate-900">Hero slides</h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={draft.slides.length >= 6}
            onClick={() =>
              setDraft({
                ...draft,
                slides: [
                  ...draft.slides,
                  {
                    id: `slide-${Date.now()}`,
                    image: '/slides/slide-1.webp',
                    HeadText: '',
                    SubHeaderText: '',
                  },
                ],
              })
            }
          >
            Add slide
          </Button>
        </div>
        {draft.slides.length === 0 && (
          <p className="text-sm text-slate-600">
            No slides set: the landing page shows its three built-in slides.
          </p>
        )}
        {draft.slides.map((slide, index) => (
          <fieldset
            key={slide.id}
            className="grid gap-3 rounded-xl border border-slate-100 p-3 sm:grid-cols-2"
          >
            <legend className="px-1 text-xs font-semibold text-slate-500">Slide {index + 1}</legend>
            <TextField
              label="Heading"
              value={slide.HeadText}
              onChange={(event) => setSlide(index, { HeadText: event.target.value })}
            />
            <TextField
              label="Image address"
              value={slide.image}
              onChange={(event) => setSlide(index, { image: event.target.value })}
            />
            <TextField
              label="Text"
              className="sm:col-span-2"
              value={slide.SubHeaderText}
              onChange={(event) => setSlide(index, { SubHeaderText: event.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => setDraft({ ...draft, slides: draft.slides.filter((_, at) => at !== index) })}
            >
              Remove slide
            </Button>
          </fieldset>
        ))}
      </Card>
      <FormError message={error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save settings'}
      </Button>
    </form>
  );
}
