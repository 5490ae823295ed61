import { IDENTITY_IMAGE_SIDE_LABELS, type IdentityImageSide } from '@vestora/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { useUploadIdentityImage } from './verification-api.ts';

/** The types the server accepts (it checks the bytes; this only narrows the picker). */
const ACCEPTED_TYPES = 'image/png,image/jpeg,image/webp';

const HINTS: Record<IdentityImageSide, string> = {
  front: 'The whole page or card, flat, in good light, every corner in view.',
  back: 'The other side of the card, the same way.',
  selfie: 'Your face and the document together, its photo and name readable.',
};

/** A chosen file's picture, as an object URL that lives as long as the file is the one chosen. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * One image of the submission: a photo taken with the phone's camera (the selfie with the front
 * one) or a file chosen, shown back at once and uploaded as soon as it is chosen. `onUploaded` gets
 * the stored image's id, or undefined while there is none (a new photo replaces the last one).
 */
export function IdentityImageInput({
  side,
  error,
  isDisabled,
  onUploaded,
}: {
  side: IdentityImageSide;
  /** The form's complaint (no image yet), shown when the upload has none of its own. */
  error: string | undefined;
  isDisabled: boolean;
  onUploaded: (id: string | undefined) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const previewUrl = usePreviewUrl(file);
  const upload = useUploadIdentityImage();
  // Only the newest choice's answer counts: a slow upload of a replaced photo must not land last.
  const currentFile = useRef<File | null>(null);
  const label = IDENTITY_IMAGE_SIDE_LABELS[side];

  const send = (image: File) => {
    onUploaded(undefined);
    upload.mutate(
      { side, image },
      {
        onSuccess: ({ id }) => {
          if (currentFile.current === image) onUploaded(id);
        },
      },
    );
  };

  const onChosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0] ?? null;
    currentFile.current = image;
    setFile(image);
    if (image) send(image);
    else onUploaded(undefined);
  };

  const problem = upload.isError ? errorMessage(upload.error) : error;
  const status = upload.isPending ? 'Uploading…' : upload.isSuccess && file ? 'Uploaded' : null;

  return (
    <div
      aria-busy={upload.isPending}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        {HINTS[side]}
      </p>
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-white">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={`Your photo: ${label.toLowerCase()}`}
            className={`max-h-full max-w-full object-contain ${upload.isPending ? 'opacity-60' : ''}`}
          />
        ) : (
          <span className="px-3 text-center text-xs text-slate-500">No photo yet</span>
        )}
      </div>
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED_TYPES}
        capture={side === 'selfie' ? 'user' : 'environment'}
        disabled={isDisabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[hintId, status ? statusId : '', problem ? errorId : ''].filter(Boolean).join(' ')}
        onChange={onChosen}
        className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-800 disabled:opacity-60"
      />
      {status && (
        <p
          id={statusId}
          role="status"
          className={`flex items-center gap-2 text-xs ${upload.isPending ? 'text-slate-600' : 'font-medium text-green-700'}`}
        >
          {upload.isPending && (
            <span className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
          )}
          {status}
        </p>
      )}
      {problem && (
        <div className="flex flex-wrap items-center gap-2">
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
          {upload.isError && file && (
            <Button size="sm" variant="secondary" disabled={isDisabled} onClick={() => send(file)}>
              Try again
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
